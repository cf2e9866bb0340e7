import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeServerMessage } from '../i18n/index.js';
import { requestLogin, type LoginCredentials } from './login-api.js';

/** What a successful sign-in hands to the page that hosts the form. */
export interface LoginSuccess {
  token: string;
  remember: boolean;
}

export interface LoginFormProps {
  /** Platform origin for API calls; empty means same origin. */
  apiBase?: string;
  /** Called once the server accepted the credentials. */
  onLogin?: (result: LoginSuccess) => void;
  /** Turns the typed password into what goes on the wire (the client-side MD5 setting). */
  wirePassword?: (password: string) => string;
}

type FormState = { status: 'idle' } | { status: 'submitting' } | { status: 'failed'; message: string };

/**
 * Username-or-email and password sign-in. Shows the server's message on failure
 * (translated when the catalogue knows it), else 'Incorrect credentials!' (spec section 8).
 */
export function LoginForm({ apiBase = '', onLogin, wirePassword = (p) => p }: LoginFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [state, setState] = useState<FormState>({ status: 'idle' });
  const submitting = state.status === 'submitting';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const credentials: LoginCredentials = { username: username.trim(), password, remember };
    if (!credentials.username || !credentials.password) {
      setState({ status: 'failed', message: t('login.missingFields') });
      return;
    }
    setState({ status: 'submitting' });
    const outcome = await requestLogin({ ...credentials, password: wirePassword(credentials.password) }, { apiBase });
    if (outcome.ok) {
      setState({ status: 'idle' });
      onLogin?.({ token: outcome.token, remember });
      return;
    }
    setState({ status: 'failed', message: outcome.message ? localizeServerMessage(outcome.message) : t('login.incorrectCredentials') });
  }

  return (
    <form className="fan-login-form" part="form" noValidate onSubmit={submit} aria-busy={submitting} data-state={state.status}>
      <div className="fan-login-form__field" part="field">
        <label htmlFor={`${id}-username`} part="label">
          {t('login.username')}
        </label>
        <input
          id={`${id}-username`}
          name="username"
          part="input"
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
      </div>
      <div className="fan-login-form__field" part="field">
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
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <label className="fan-login-form__remember" part="remember">
        <input type="checkbox" name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        {t('login.remember')}
      </label>
      {state.status === 'failed' ? (
        <p className="fan-login-form__error" part="error" role="alert">
          {state.message}
        </p>
      ) : null}
      <button type="submit" part="submit" disabled={submitting}>
        {submitting ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
