import { LIMITS } from '@fandeck/contract';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@fandeck/widgets/i18n';
import { session } from '../../session/session.js';
import { Field } from '../creator-settings/settings-fields.js';
import { registerPath, type AccountValues, type FieldErrors } from './registration-form.js';

export interface AccountFieldsProps {
  id: string;
  values: AccountValues;
  set: <K extends keyof AccountValues>(key: K, value: AccountValues[K]) => void;
  errors: FieldErrors;
}

/** Username, email, password and its confirmation: what every account is made of. */
export function AccountFields({ id, values, set, errors }: AccountFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Field id={`${id}-username`} label={t('registration.fields.username')} hint={t('registration.fields.usernameHint')} error={errors.username}>
        {(control) => (
          <input
            {...control}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={LIMITS.account.usernameMax}
            value={values.username}
            onChange={(event) => set('username', event.target.value)}
          />
        )}
      </Field>
      <Field id={`${id}-email`} label={t('registration.fields.email')} error={errors.email}>
        {(control) => (
          <input {...control} name="email" type="email" autoComplete="email" maxLength={LIMITS.account.emailMax} value={values.email} onChange={(event) => set('email', event.target.value)} />
        )}
      </Field>
      <NewPasswordFields
        id={id}
        labels={{ password: t('registration.fields.password'), confirmPassword: t('registration.fields.confirmPassword') }}
        values={values}
        set={set}
        errors={errors}
      />
    </>
  );
}

type NewPasswordName = 'password' | 'confirmPassword';

export interface NewPasswordFieldsProps {
  /** The form's id; each field's is `${id}-password` and `${id}-confirmPassword`. */
  id: string;
  labels: Record<NewPasswordName, string>;
  values: Record<NewPasswordName, string>;
  set: (key: NewPasswordName, value: string) => void;
  errors: FieldErrors;
}

/** A new password (with the length hint) and its confirmation: registration and password reset. */
export function NewPasswordFields({ id, labels, values, set, errors }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const names: readonly NewPasswordName[] = ['password', 'confirmPassword'];
  return (
    <>
      {names.map((name) => (
        <Field key={name} id={`${id}-${name}`} label={labels[name]} hint={name === 'password' ? t('registration.fields.passwordHint') : undefined} error={errors[name]}>
          {(control) => (
            <input {...control} name={name} type="password" autoComplete="new-password" maxLength={LIMITS.account.passwordMax} value={values[name]} onChange={(event) => set(name, event.target.value)} />
          )}
        </Field>
      ))}
    </>
  );
}

/** The terms checkbox; the server keeps no record of it, the form does not send without it. */
export function TermsField({ id, checked, onChange, error }: { id: string; checked: boolean; onChange: (checked: boolean) => void; error?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="form__field" data-invalid={error ? 'true' : undefined}>
      <label>
        <input
          type="checkbox"
          name="terms"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-terms-error` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />{' '}
        {t('registration.fields.terms')}
      </label>
      {error ? (
        <p id={`${id}-terms-error`} className="error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Which code brought the visitor here (`?ref=`), sent with the registration. */
export function ReferralNote({ code }: { code: string | null }) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <p className="badge" data-testid="referral-code">
      {t('registration.referral', { code })}
    </p>
  );
}

/** The refusal not tied to one field, above the button. */
export function FormFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="error" role="alert" data-testid="registration-error">
      {message}
    </p>
  );
}

/** To sign-in, and to the other kind of registration with the same referral code. */
export function RegistrationLinks({ other, referral }: { other: 'fan' | 'creator'; referral: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="card__footer">
        {t('registration.haveAccount')} <Link to="/auth/login">{t('registration.signIn')}</Link>
      </p>
      <p className="card__footer">
        {other === 'creator' ? (
          <>
            {t('registration.fan.creatorInstead')} <Link to={registerPath('/auth/register/creator', referral)}>{t('registration.fan.creatorLink')}</Link>
          </>
        ) : (
          <>
            {t('registration.creator.fanInstead')} <Link to={registerPath('/auth/register', referral)}>{t('registration.creator.fanLink')}</Link>
          </>
        )}
      </p>
    </>
  );
}

type Resend = 'idle' | 'sending' | 'sent' | 'failed';

/** Asks for the verification mail again (POST /auth/email-verification); the answer is neutral whatever the address. */
export function ResendVerification({ email }: { email: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<Resend>('idle');
  const [failure, setFailure] = useState('');

  async function resend() {
    setState('sending');
    const outcome = await session.api.auth.verifyEmail({ email }, { unauthorized: 'ignore' });
    if (outcome.ok) return setState('sent');
    setFailure(outcome.error.message);
    setState('failed');
  }

  return (
    <div className="stack">
      <button type="button" className="button" disabled={state === 'sending'} onClick={() => void resend()}>
        {state === 'sending' ? t('registration.done.resending') : t('registration.done.resend')}
      </button>
      {state === 'sent' ? (
        <p className="success" role="status">
          {t('registration.done.resent')}
        </p>
      ) : null}
      {state === 'failed' ? (
        <p className="error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}

/** A registration's end state: what happened and the way to sign in. */
export function RegistrationDone({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="card card--wide stack" aria-labelledby="registration-done-title" data-testid="registration-done">
      <h1 id="registration-done-title">{title}</h1>
      {children}
      <p>
        <Link className="button button--primary" to="/auth/login">
          {t('registration.done.goSignIn')}
        </Link>
      </p>
    </section>
  );
}
