import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@fandeck/widgets/i18n';
import { LoginForm, type LoginSuccess } from '@fandeck/widgets/login/login-form';
import '@fandeck/widgets/login/login-form.css';
import { unauthorizedNotice } from '../routing/login-navigation.js';
import { session, useSignalValue, wirePassword } from '../session/session.js';

/**
 * /auth/login. Once the form has signed in, the session adopts the token and loads
 * the user; the page's gate then sends the user where signing in leads (pathAfterLogin).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const unauthorized = useSignalValue(unauthorizedNotice);

  // The server set the token cookie with its answer; the session adopts it and loads the user.
  async function onLogin(_success: LoginSuccess) {
    setFailed(false);
    const outcome = await session.auth.sync();
    if (!outcome.ok || !outcome.value) setFailed(true);
  }

  return (
    <section className="card" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      <p className="muted">{t('login.subtitle')}</p>
      {unauthorized ? (
        <p className="error" role="alert" data-testid="unauthorized-notice">
          {t('errors.unauthorized')}
        </p>
      ) : null}
      <LoginForm
        onLogin={(success) => void onLogin(success)}
        wirePassword={(password) => wirePassword(password, session.settings.values.value)}
      />
      {failed ? (
        <p className="error" role="alert">
          {t('errors.generic')}
        </p>
      ) : null}
      <p className="card__footer">
        <Link to="/creators">{t('site.browseCreators')}</Link>
      </p>
    </section>
  );
}
