import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@fandeck/widgets/i18n';
import { LoginForm, type LoginSuccess } from '@fandeck/widgets/login/login-form';
import '@fandeck/widgets/login/login-form.css';
import { fetchCurrentUser } from '../auth/current-user.js';
import { pathAfterLogin } from '../auth/redirects.js';
import { clearToken, storeToken } from '../auth/token-cookie.js';

/** /auth/login: the sign-in screen. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [failed, setFailed] = useState(false);

  async function onLogin({ token, remember }: LoginSuccess) {
    storeToken(token, remember);
    setFailed(false);
    try {
      const user = await fetchCurrentUser({ token });
      await navigate(pathAfterLogin(user, location.search), { replace: true });
    } catch {
      clearToken();
      setFailed(true);
    }
  }

  return (
    <section className="card" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      <p className="muted">{t('login.subtitle')}</p>
      <LoginForm onLogin={onLogin} />
      {failed ? (
        <p className="error" role="alert">
          {t('errors.generic')}
        </p>
      ) : null}
    </section>
  );
}
