import { Link } from 'react-router';
import { useTranslation } from '@fandeck/widgets/i18n';
import { FanLogin } from '@fandeck/widgets/login/fan-login';
import '@fandeck/widgets/kit/base.css';
import '@fandeck/widgets/ui/form-controls.css';
import '@fandeck/widgets/login/fan-login.css';
import { unauthorizedNotice } from '../routing/login-navigation.js';
import { creatorRegisterPath, fanRegisterPath } from '../routing/redirects.js';
import { session, useSignalValue } from '../session/session.js';
import { BrandLogo } from '../components/site-controls.js';

/**
 * /auth/login: the platform's own `<fan-login>` view, so the site signs in exactly as
 * every embed does (`session.auth.login`: hashing per the settings, cross-tab announce).
 * Once signed in, the page's gate sends the user where signing in leads (pathAfterLogin).
 * The register links are the site's own, so going to a register page keeps the app loaded.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const unauthorized = useSignalValue(unauthorizedNotice);
  const theme = useSignalValue(session.theme.current);

  return (
    <section className="card" aria-label={t('login.title')}>
      {/* The page's one h1 is the site's name; the form's own heading says what it does. */}
      <h1 className="login-page__brand">
        <BrandLogo to="/" />
      </h1>
      {unauthorized ? (
        <p className="error" role="alert" data-testid="unauthorized-notice">
          {t('errors.unauthorized')}
        </p>
      ) : null}
      <div className="fan-root" data-theme={theme}>
        <FanLogin hideRegister />
      </div>
      <p className="card__footer" data-testid="register-links">
        {t('login.noAccount')} <Link to={fanRegisterPath}>{t('login.registerFan')}</Link>
        {' · '}
        <Link to={creatorRegisterPath}>{t('login.registerCreator')}</Link>
      </p>
      <p className="card__footer">
        <Link to="/creators">{t('site.browseCreators')}</Link>
      </p>
    </section>
  );
}
