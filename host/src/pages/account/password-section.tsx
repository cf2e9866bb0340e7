import { useId, useState, type FormEvent } from 'react';
import { LIMITS } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import { session } from '../../session/session.js';
import { Field } from '../creator-settings/settings-fields.js';
import { fieldError, localRefusal, refusal, type SectionState } from './section-state.js';
import { SectionOutcome } from './section-outcome.js';
import { useUnsaved } from '../creator-settings/unsaved-guard.js';

type PasswordField = 'currentPassword' | 'password' | 'repeat';
const FIELDS: readonly PasswordField[] = ['currentPassword', 'password'];

/**
 * A new password, with the current one (PUT /auth/users/me/password). The server ends
 * every session of the account and answers a fresh token, which it also sets as this
 * browser's cookie: this session goes on, every other one (other devices, partner pages)
 * is signed out.
 */
export function PasswordSection({ source }: { source: 'user' | 'performer' }) {
  const { t } = useTranslation();
  const id = useId();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [state, setState] = useState<SectionState<PasswordField>>({ status: 'idle' });
  useUnsaved(Boolean(current || password || repeat));
  const saving = state.status === 'saving';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const problems: Partial<Record<PasswordField, string>> = {};
    if (!current) problems.currentPassword = t('accountSettings.passwordRequired');
    if (password.length < LIMITS.account.passwordMin || password.length > LIMITS.account.passwordMax) problems.password = t('accountSettings.passwordTooShort');
    else if (repeat !== password) problems.repeat = t('accountSettings.passwordMismatch');
    if (Object.keys(problems).length > 0) return setState(localRefusal(problems));
    setState({ status: 'saving' });
    const outcome = await session.user.changePassword(current, password, source);
    if (!outcome.ok) return setState(refusal(outcome.error, { 'auth.current_password_incorrect': 'currentPassword' }, FIELDS));
    setCurrent('');
    setPassword('');
    setRepeat('');
    setState({ status: 'saved', message: t('accountSettings.passwordChanged') });
  }

  const input = (name: string, value: string, set: (value: string) => void, autoComplete: string) =>
    function PasswordInput(control: { id: string; 'aria-invalid': boolean | undefined; 'aria-describedby': string | undefined }) {
      return (
        <input
          {...control}
          name={name}
          type="password"
          autoComplete={autoComplete}
          maxLength={LIMITS.account.passwordMax}
          value={value}
          onChange={(event) => set(event.target.value)}
        />
      );
    };

  return (
    <section className="settings__section stack" aria-labelledby={`${id}-title`} data-testid="account-password">
      <h2 id={`${id}-title`}>{t('accountSettings.passwordTitle')}</h2>
      <p className="muted">{t('accountSettings.passwordIntro')}</p>
      <form className="form stack" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving} data-state={state.status}>
        <Field id={`${id}-current`} label={t('accountSettings.currentPassword')} error={fieldError(state, 'currentPassword')}>
          {input('current-password', current, setCurrent, 'current-password')}
        </Field>
        <Field id={`${id}-new`} label={t('accountSettings.newPassword')} hint={t('accountSettings.newPasswordHint')} error={fieldError(state, 'password')}>
          {input('new-password', password, setPassword, 'new-password')}
        </Field>
        <Field id={`${id}-repeat`} label={t('accountSettings.repeatPassword')} error={fieldError(state, 'repeat')}>
          {input('repeat-password', repeat, setRepeat, 'new-password')}
        </Field>
        <SectionOutcome state={state} />
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? t('accountSettings.passwordChanging') : t('accountSettings.passwordChange')}
        </button>
      </form>
    </section>
  );
}
