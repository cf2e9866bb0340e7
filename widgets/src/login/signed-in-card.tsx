import { useState } from 'react';
import { useTranslation } from '../i18n/index.js';
import { FormError } from '../ui/index.js';
import type { LoginPort, LoginUser } from './login-port.js';

export interface SignedInCardProps {
  port: LoginPort;
  user: LoginUser;
  onLoggedOut: () => void;
}

/** Who is signed in, with a logout button. */
export function SignedInCard({ port, user, onLoggedOut }: SignedInCardProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'leaving' | 'failed'>('idle');
  const leaving = state === 'leaving';

  async function logout() {
    if (leaving) return;
    setState('leaving');
    const outcome = await port.logout();
    if (outcome.ok) onLoggedOut();
    // After a logout the element shows the form; on failure it stays here with a message.
    setState(outcome.ok ? 'idle' : 'failed');
  }

  return (
    <div
      className="fan-login fan-login--signed-in"
      part="account"
      role="group"
      aria-label={t('login.signedInAs', { name: user.name })}
      data-state={state}
      aria-busy={leaving}
    >
      {user.avatar ? (
        <img className="fan-login__avatar" part="avatar" src={user.avatar} alt={t('login.avatarAlt', { name: user.name })} />
      ) : (
        <span className="fan-login__avatar" part="avatar" role="img" aria-label={t('login.avatarAlt', { name: user.name })}>
          {initials(user.name || user.username)}
        </span>
      )}
      <div className="fan-login__who">
        <strong part="name">{user.name}</strong>
        {user.username ? <span part="username">@{user.username}</span> : null}
      </div>
      <button type="button" className="fan-login__logout" part="logout" onClick={logout} disabled={leaving}>
        {leaving ? t('login.loggingOut') : t('login.logout')}
      </button>
      <FormError>{state === 'failed' ? t('errors.generic') : null}</FormError>
    </div>
  );
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}
