import { useId, useState, type FormEvent } from 'react';
import { localizeServerMessage, useTranslation } from '../i18n/index.js';
import { codeOf, messageOf, registerPaths, type LoginPort } from './login-port.js';
import type { ActionError } from '../session/outcome.js';

export interface SignInFormProps {
  port: LoginPort;
  heading: string;
  hideRegister: boolean;
  /** With the action's value: the user, when the session answers with one. */
  onSignedIn: (value: unknown) => void;
  onForgot: () => void;
}

type FormState = { status: 'idle' } | { status: 'submitting' } | { status: 'failed'; message: string };

/** The bridge's own failures, in `embed.*` texts. */
const bridgeTexts = {
  'popup-blocked': 'embed.popupBlocked',
  'popup-closed': 'embed.popupClosed',
  'bridge-unavailable': 'embed.bridgeUnavailable',
} as const;

/**
 * Email-or-username and password, or, on a third-party page, one button that opens the
 * platform's sign-in popup. A failure shows the server's message (translated when the
 * catalogue knows it), else 'Incorrect credentials!' (spec section 8).
 */
export function SignInForm({ port, heading, hideRegister, onSignedIn, onForgot }: SignInFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [state, setState] = useState<FormState>({ status: 'idle' });
  const submitting = state.status === 'submitting';
  const popup = port.mode === 'popup';
  const external = new URL(port.platformUrl('/')).origin !== location.origin;
  const linkTarget = external ? { target: '_blank', rel: 'noopener' } : {};

  function errorText(error: ActionError): string | null {
    // -1: cancelled (the fan gave up); nothing went wrong.
    if (error.status === -1) return null;
    const code = codeOf(error.body);
    if (code && code in bridgeTexts) return t(bridgeTexts[code as keyof typeof bridgeTexts]);
    const message = messageOf(error.body);
    return message ? localizeServerMessage(message) : t('login.incorrectCredentials');
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const name = username.trim();
    if (!popup && (!name || !password)) {
      setState({ status: 'failed', message: t('login.missingFields') });
      return;
    }
    setState({ status: 'submitting' });
    // In popup mode the session opens the popup synchronously, inside this submit.
    const outcome = await port.login(popup ? { username: '', password: '', remember: false } : { username: name, password, remember });
    if (outcome.ok) {
      setState({ status: 'idle' });
      setPassword('');
      onSignedIn(outcome.value);
      return;
    }
    const message = errorText(outcome.error);
    setState(message ? { status: 'failed', message } : { status: 'idle' });
  }

  return (
    <form className="fan-login" part="form" noValidate onSubmit={submit} aria-busy={submitting} data-state={state.status} data-mode={port.mode}>
      <h2 className="fan-login__heading" part="heading">
        {heading}
      </h2>
      {popup ? (
        <p className="fan-login__hint">{t('login.subtitle')}</p>
      ) : (
        <>
          <div className="fan-login__field" part="field">
            <label htmlFor={`${id}-username`} part="label">
              {t('login.username')}
            </label>
            <input id={`${id}-username`} name="username" part="input" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />
          </div>
          <div className="fan-login__field" part="field">
            <label htmlFor={`${id}-password`} part="label">
              {t('login.password')}
            </label>
            <input
              id={`${id}-password`}
              name="password"
              type="password"
              part="input"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
        </>
      )}
      <div className="fan-login__row">
        {popup ? null : (
          <label className="fan-login__remember" part="remember">
            <input type="checkbox" name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            {t('login.remember')}
          </label>
        )}
        <button type="button" className="fan-login__link" part="forgot-link" onClick={onForgot}>
          {t('login.forgot')}
        </button>
      </div>
      {state.status === 'failed' ? (
        <p className="fan-login__error" part="error" role="alert">
          {state.message}
        </p>
      ) : null}
      <button type="submit" className="fan-login__submit" part="submit" disabled={submitting}>
        {submitting ? <span className="fan-login__spinner" aria-hidden="true" /> : null}
        {submitting ? t('login.submitting') : t('login.submit')}
      </button>
      {hideRegister ? null : (
        <p className="fan-login__register" part="register">
          {t('login.noAccount')}{' '}
          <a part="register-link" href={port.platformUrl(registerPaths.fan)} {...linkTarget}>
            {t('login.registerFan')}
          </a>
          {' · '}
          <a part="register-link" href={port.platformUrl(registerPaths.creator)} {...linkTarget}>
            {t('login.registerCreator')}
          </a>
        </p>
      )}
    </form>
  );
}
