import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/index.js';
import { FormError, signInFailureText, SubmitButton, TextField } from '../ui/index.js';
import type { ActionError } from '../session/outcome.js';
import { registerPaths, type LoginPort } from './login-port.js';

export interface SignInFormProps {
  port: LoginPort;
  heading: string;
  hideRegister: boolean;
  /** With the action's value: the user, when the session answers with one. */
  onSignedIn: (value: unknown) => void;
  onForgot: () => void;
}

/** The parts `<fan-login>` has always exposed on its fields. */
const fieldParts = { field: 'field', label: 'label', input: 'input' } as const;

// A failure keeps what went wrong, not its text: the text is chosen at render, in the
// locale of that render, once its namespace is there.
type FormState = { status: 'idle' } | { status: 'submitting' } | { status: 'failed'; error: ActionError | 'missing-fields' };

/**
 * Email-or-username and password, or, on a third-party page, one button that opens the
 * platform's sign-in popup. Either way it is `port.login`, which is `session.auth.login`:
 * the one sign-in path (hashing per the settings, cross-tab announce). A failure shows
 * the text of its error code, else 'Incorrect credentials!' (spec section 8).
 */
export function SignInForm({ port, heading, hideRegister, onSignedIn, onForgot }: SignInFormProps) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [state, setState] = useState<FormState>({ status: 'idle' });
  const submitting = state.status === 'submitting';
  const popup = port.mode === 'popup';
  const external = new URL(port.platformUrl('/')).origin !== location.origin;
  const linkTarget = external ? { target: '_blank', rel: 'noopener' } : {};

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const name = username.trim();
    if (!popup && (!name || !password)) {
      setState({ status: 'failed', error: 'missing-fields' });
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
    // The fan closing the popup on purpose is not a failure.
    setState(outcome.error.status === -1 ? { status: 'idle' } : { status: 'failed', error: outcome.error });
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
          <TextField label={t('login.username')} name="username" autoComplete="username" value={username} onValue={setUsername} parts={fieldParts} />
          <TextField
            label={t('login.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onValue={setPassword}
            parts={fieldParts}
          />
        </>
      )}
      <div className="fan-login__row">
        {popup ? null : (
          <label className="fan-check" part="remember">
            <input type="checkbox" name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            {t('login.remember')}
          </label>
        )}
        <button type="button" className="fan-link" part="forgot-link" onClick={onForgot}>
          {t('login.forgot')}
        </button>
      </div>
      <FormError>{state.status !== 'failed' ? null : state.error === 'missing-fields' ? t('login.missingFields') : signInFailureText(state.error, t)}</FormError>
      <SubmitButton busy={submitting}>{submitting ? t('login.submitting') : t('login.submit')}</SubmitButton>
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
