import { useId, useState, type FormEvent } from 'react';
import { LIMITS } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import { session, wirePassword, type CurrentUser } from '../../session/session.js';
import { Field } from '../creator-settings/settings-fields.js';
import { fieldError, localRefusal, refusal, type SectionState } from './section-state.js';
import { SectionOutcome } from './section-outcome.js';
import { useUnsaved } from '../creator-settings/unsaved-guard.js';

type EmailField = 'email' | 'currentPassword';
const FIELDS: readonly EmailField[] = ['email', 'currentPassword'];
/** Enough to catch a slip before the round trip; the server's check is the one that counts. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The email address, changed only through the new address's own mailbox: PUT
 * /auth/users/me/email (with the current password) mails a link to the new address, and
 * until it is opened the account keeps the current one, which this section keeps showing,
 * with the address waiting for confirmation under it.
 */
export function EmailSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [state, setState] = useState<SectionState<EmailField>>({ status: 'idle' });
  useUnsaved(email.trim() !== '');
  const sending = state.status === 'saving';
  const pending = user.pendingEmail ?? null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const wanted = email.trim();
    const problems: Partial<Record<EmailField, string>> = {};
    if (!LOOKS_LIKE_EMAIL.test(wanted)) problems.email = t('accountSettings.emailInvalid');
    if (!password) problems.currentPassword = t('accountSettings.passwordRequired');
    if (Object.keys(problems).length > 0) return setState(localRefusal(problems));
    setState({ status: 'saving' });
    const settings = await session.settings.ensure();
    const currentPassword = await wirePassword(password, settings.ok ? settings.value : null);
    const outcome = await session.api.auth.changeEmail({ email: wanted, currentPassword });
    if (!outcome.ok) {
      return setState(refusal(outcome.error, { 'auth.current_password_incorrect': 'currentPassword', 'auth.email_unchanged': 'email' }, FIELDS));
    }
    setPassword('');
    setEmail('');
    setState({ status: 'saved', message: t('accountSettings.emailSent', { email: outcome.value.pendingEmail }) });
    // The account now shows the address waiting for confirmation.
    void session.user.refresh();
  }

  return (
    <section className="settings__section stack" aria-labelledby={`${id}-title`} data-testid="account-email">
      <h2 id={`${id}-title`}>{t('accountSettings.emailTitle')}</h2>
      <p className="muted">{t('accountSettings.emailIntro')}</p>
      <div className="form__field">
        <label htmlFor={`${id}-current`}>{t('account.email')}</label>
        <input id={`${id}-current`} name="current-email" type="email" readOnly value={user.email ?? ''} />
        {pending && state.status !== 'saved' ? (
          <small className="muted" data-testid="email-pending">
            {t('accountSettings.emailPending', { email: pending })}
          </small>
        ) : null}
      </div>
      <form className="form stack" noValidate onSubmit={(event) => void submit(event)} aria-busy={sending} data-state={state.status}>
        <Field id={`${id}-email`} label={t('accountSettings.newEmail')} error={fieldError(state, 'email')}>
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={LIMITS.account.emailMax}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </Field>
        <Field id={`${id}-password`} label={t('accountSettings.emailPassword')} hint={t('accountSettings.emailPasswordHint')} error={fieldError(state, 'currentPassword')}>
          {(control) => (
            <input
              {...control}
              name="current-password"
              type="password"
              autoComplete="current-password"
              maxLength={LIMITS.account.passwordMax}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <SectionOutcome state={state} />
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? t('accountSettings.emailSending') : t('accountSettings.emailSend')}
        </button>
      </form>
    </section>
  );
}
