import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@fandeck/widgets/i18n';
import { logout, displayName } from '../auth/current-user.js';
import { clearToken } from '../auth/token-cookie.js';
import { useCurrentUser } from '../auth/use-current-user.js';

/** /home: the fan home. For now it says who is signed in and offers logout. */
export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = useCurrentUser();
  const [leaving, setLeaving] = useState(false);

  async function onLogout() {
    setLeaving(true);
    // The token is dropped locally even if the server could not be reached.
    await logout().catch(() => undefined);
    clearToken();
    await navigate('/auth/login', { replace: true });
  }

  if (current.status === 'loading') return <p className="muted">{t('common.loading')}</p>;
  if (current.status === 'failed') {
    return (
      <p className="error" role="alert">
        {t('errors.generic')}
      </p>
    );
  }
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">{t('home.title')}</h1>
      <p data-testid="signed-in-as">{t('home.signedInAs', { name: displayName(current.user) })}</p>
      <button type="button" className="button" onClick={onLogout} disabled={leaving}>
        {leaving ? t('home.loggingOut') : t('home.logout')}
      </button>
    </section>
  );
}
