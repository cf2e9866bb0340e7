import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isValidUsername, LIMITS, normalizeUsername } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import { homePathFor, isAccountComplete } from '../../routing/redirects.js';
import { session, type CurrentUser, type UserPatch } from '../../session/session.js';
import { Field } from '../creator-settings/settings-fields.js';
import { fieldError, localRefusal, refusal, type SectionState } from './section-state.js';
import { SectionOutcome } from './section-outcome.js';
import { useUnsaved } from '../creator-settings/unsaved-guard.js';

type ProfileField = 'name' | 'username';
const FIELDS: readonly ProfileField[] = ['name', 'username'];

/**
 * Name and username, saved with PUT /users. The username follows the contract's one rule
 * (checked here first to spare a round trip; the server decides); a taken one is refused
 * next to the field. Also the completion step: once username and email are there, the
 * saved line offers the way on.
 */
export function ProfileSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(user.name ?? '');
  const [username, setUsername] = useState(user.username ?? '');
  const [state, setState] = useState<SectionState<ProfileField>>({ status: 'idle' });
  const [savedUser, setSavedUser] = useState<CurrentUser | null>(null);
  // Opened to complete the account: once complete, the saved line offers the way on.
  const [completing] = useState(() => !isAccountComplete(user));
  const saving = state.status === 'saving';
  useUnsaved(name.trim() !== (user.name ?? '') || username.trim() !== (user.username ?? ''));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    // A username made before the rule (`ana.lima`) may stay as it is; a new or changed one must follow it.
    const unchanged = Boolean(user.username) && normalizeUsername(username) === (user.username ?? '').toLowerCase();
    const wanted = unchanged ? user.username! : normalizeUsername(username);
    const problems: Partial<Record<ProfileField, string>> = {};
    if (!name.trim()) problems.name = t('accountSettings.nameRequired');
    if (!unchanged && !isValidUsername(wanted)) problems.username = t('account.usernameInvalid');
    if (Object.keys(problems).length > 0) return setState(localRefusal(problems));
    const patch: UserPatch = {};
    if (name.trim() !== (user.name ?? '')) patch.name = name.trim();
    if (wanted !== (user.username ?? '')) patch.username = wanted;
    if (Object.keys(patch).length === 0) {
      setSavedUser(user);
      return setState({ status: 'saved', message: t('notices.changesSaved') });
    }
    setState({ status: 'saving' });
    const outcome = await session.user.update(patch);
    if (outcome.ok) {
      setSavedUser(outcome.value.user);
      setState({ status: 'saved', message: outcome.value.message });
    } else {
      setState(refusal(outcome.error, { 'auth.username_taken': 'username' }, FIELDS));
    }
  }

  return (
    <section className="settings__section stack" aria-labelledby={`${id}-title`} data-testid="account-profile">
      <h2 id={`${id}-title`}>{t('accountSettings.profileTitle')}</h2>
      <form className="form stack" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving} data-state={state.status}>
        <Field id={`${id}-name`} label={t('accountSettings.name')} hint={t('accountSettings.nameHint')} error={fieldError(state, 'name')}>
          {(control) => (
            <input {...control} name="name" autoComplete="name" maxLength={LIMITS.account.personNameMax} value={name} onChange={(event) => setName(event.target.value)} />
          )}
        </Field>
        <Field id={`${id}-username`} label={t('account.username')} hint={t('account.usernameHint')} error={fieldError(state, 'username')}>
          {(control) => (
            <input
              {...control}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              minLength={LIMITS.account.usernameMin}
              maxLength={LIMITS.account.usernameMax}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
          )}
        </Field>
        <SectionOutcome state={state} testId="account-saved">
          {completing && savedUser && isAccountComplete(savedUser) ? (
            <>
              {' '}
              <Link to={homePathFor(savedUser)}>{t('account.continue')}</Link>
            </>
          ) : null}
        </SectionOutcome>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? t('account.saving') : t('account.save')}
        </button>
      </form>
    </section>
  );
}
