import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isValidUsername, LIMITS, normalizeUsername } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import { PictureUpload } from '../components/picture-upload.js';
import { CreatorSettings } from './creator-settings/creator-settings.js';
import { homePathFor, isAccountComplete } from '../routing/redirects.js';
import { session, useSignalValue, type CurrentUser, type UserPatch } from '../session/session.js';


type FormState =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved'; user: CurrentUser; message: string }
  | { status: 'failed'; message: string };

interface AccountCompletionFormProps {
  user: CurrentUser;
}

/**
 * Username and email, the two fields an account needs before it is complete. Saves
 * the username with PUT /users. The API takes no email there (it is the sign-in name,
 * given at registration, and needs verification), so the email is shown read-only.
 */
function AccountCompletionForm({ user }: AccountCompletionFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [username, setUsername] = useState(user.username ?? '');
  const [state, setState] = useState<FormState>({ status: 'idle' });
  const saving = state.status === 'saving';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    // The contract's one username rule, checked here first to spare a round trip. A username made
    // before the rule (`ana.lima`) may stay as it is; a new or changed one must follow it.
    const unchanged = username.trim().toLowerCase() === (user.username ?? '').toLowerCase() && user.username;
    const wanted = unchanged ? user.username! : normalizeUsername(username);
    if (!unchanged && !isValidUsername(wanted)) {
      setState({ status: 'failed', message: t('account.usernameInvalid') });
      return;
    }
    const patch: UserPatch = {};
    if (wanted !== (user.username ?? '')) patch.username = wanted;
    if (Object.keys(patch).length === 0) {
      setState({ status: 'saved', user, message: t('notices.changesSaved') });
      return;
    }
    setState({ status: 'saving' });
    const outcome = await session.user.update(patch);
    // 'Changes saved', or the server's message, else the generic one (spec section 8).
    if (outcome.ok) setState({ status: 'saved', user: outcome.value.user, message: outcome.value.message });
    else setState({ status: 'failed', message: outcome.error.message });
  }

  return (
    <form className="form stack" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving} data-state={state.status}>
      <div className="form__field">
        <label htmlFor={`${id}-username`}>{t('account.username')}</label>
        <input
          id={`${id}-username`}
          name="username"
          autoComplete="username"
          required
          minLength={LIMITS.account.usernameMin}
          maxLength={LIMITS.account.usernameMax}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <small className="muted">{t('account.usernameHint')}</small>
      </div>
      <div className="form__field">
        <label htmlFor={`${id}-email`}>{t('account.email')}</label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          readOnly
          value={user.email ?? ''}
        />
      </div>
      {state.status === 'failed' ? (
        <p className="error" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.status === 'saved' ? (
        <p className="success" role="status" data-testid="account-saved">
          {state.message}{' '}
          {isAccountComplete(state.user) ? <Link to={homePathFor(state.user)}>{t('account.continue')}</Link> : null}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? t('account.saving') : t('account.save')}
      </button>
    </form>
  );
}

/** /user/account: a fan completes the account (username and email). */
export function UserAccountPage() {
  const { t } = useTranslation();
  const user = useSignalValue(session.user.current);
  if (!user) return null;
  return (
    <section className="card card--wide" aria-labelledby="user-account-title" data-testid="user-account">
      <h1 id="user-account-title">{t('account.userTitle')}</h1>
      <p className="muted">{t('account.intro')}</p>
      <AccountCompletionForm key={user._id} user={user} />
      <PictureUpload upload={session.api.users.avatarUpload.upload} which="avatar" current={user.avatar ?? null} />
    </section>
  );
}

/** /creator/account: a creator completes the account; the username becomes their page's address. */
export function CreatorAccountPage() {
  const { t } = useTranslation();
  const user = useSignalValue(session.user.current);
  if (!user) return null;
  return (
    <section className="card card--wide" aria-labelledby="creator-account-title" data-testid="creator-account">
      <h1 id="creator-account-title">{t('account.creatorTitle')}</h1>
      <p className="muted">{t('account.creatorIntro')}</p>
      <AccountCompletionForm key={user._id} user={user} />
      <PictureUpload upload={session.api.performers.avatarUpload.upload} which="avatar" current={user.avatar ?? null} />
      <PictureUpload upload={session.api.performers.coverUpload.upload} which="cover" current={user.cover ?? null} />
      <CreatorSettings key={user._id} />
    </section>
  );
}
