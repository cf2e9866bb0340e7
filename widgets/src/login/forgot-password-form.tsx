import { useId, useState, type FormEvent } from 'react';
import { localizeServerMessage, useTranslation } from '../i18n/index.js';
import { messageOf, type LoginPort } from './login-port.js';

export interface ForgotPasswordFormProps {
  port: LoginPort;
  onBack: () => void;
}

type FormState = { status: 'idle' } | { status: 'sending' } | { status: 'sent'; message: string } | { status: 'failed'; message: string };

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Asks the platform to mail a reset link. The answer is neutral (it never says whether
 * the address has an account), so the view shows the same notice either way.
 */
export function ForgotPasswordForm({ port, onBack }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<FormState>({ status: 'idle' });
  const sending = state.status === 'sending';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const address = email.trim();
    if (!emailPattern.test(address)) return setState({ status: 'failed', message: t('login.invalidEmail') });
    setState({ status: 'sending' });
    const outcome = await port.forgot(address);
    if (outcome.ok) {
      setState({ status: 'sent', message: outcome.value ? localizeServerMessage(outcome.value) : t('login.forgotSent') });
      return;
    }
    const message = messageOf(outcome.error.body);
    setState({ status: 'failed', message: message ? localizeServerMessage(message) : t('errors.generic') });
  }

  return (
    <form className="fan-login" part="form forgot-form" noValidate onSubmit={submit} aria-busy={sending} data-state={state.status}>
      <h2 className="fan-login__heading" part="heading">
        {t('login.forgotTitle')}
      </h2>
      {state.status === 'sent' ? (
        <p className="fan-login__notice" part="notice" role="status">
          {state.message}
        </p>
      ) : (
        <>
          <p className="fan-login__hint">{t('login.forgotHint')}</p>
          <div className="fan-login__field" part="field">
            <label htmlFor={`${id}-email`} part="label">
              {t('login.email')}
            </label>
            <input id={`${id}-email`} name="email" type="email" part="input" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          {state.status === 'failed' ? (
            <p className="fan-login__error" part="error" role="alert">
              {state.message}
            </p>
          ) : null}
          <button type="submit" className="fan-login__submit" part="submit" disabled={sending}>
            {sending ? t('login.forgotSending') : t('login.forgotSubmit')}
          </button>
        </>
      )}
      <button type="button" className="fan-login__link" part="back-link" onClick={onBack}>
        {t('login.backToLogin')}
      </button>
    </form>
  );
}
