import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/index.js';
import { FormError, SubmitButton, TextField } from '../ui/index.js';
import type { LoginPort } from './login-port.js';

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
      setState({ status: 'sent', message: t('login.forgotSent') });
      return;
    }
    setState({ status: 'failed', message: outcome.error.message || t('errors.generic') });
  }

  return (
    <form className="fan-login" part="form forgot-form" noValidate onSubmit={submit} aria-busy={sending} data-state={state.status}>
      <h2 className="fan-login__heading" part="heading">
        {t('login.forgotTitle')}
      </h2>
      {state.status === 'sent' ? (
        <p className="fan-notice" part="notice" role="status">
          {state.message}
        </p>
      ) : (
        <>
          <p className="fan-login__hint">{t('login.forgotHint')}</p>
          <TextField
            label={t('login.email')}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onValue={setEmail}
            parts={{ field: 'field', label: 'label', input: 'input' }}
          />
          <FormError>{state.status === 'failed' ? state.message : null}</FormError>
          <SubmitButton busy={sending}>{sending ? t('login.forgotSending') : t('login.forgotSubmit')}</SubmitButton>
        </>
      )}
      <button type="button" className="fan-link" part="back-link" onClick={onBack}>
        {t('login.backToLogin')}
      </button>
    </form>
  );
}
