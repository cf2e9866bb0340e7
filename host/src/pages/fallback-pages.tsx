import { Link, Navigate } from 'react-router';
import { useTranslation } from '@fandeck/widgets/i18n';
import { loginPath } from '../routing/redirects.js';

/**
 * The bare address. Its gate already sends a signed-in user home (the page is
 * neither `authenticate` nor `noredirect`); a visitor goes to sign in.
 */
export function StartPage() {
  return <Navigate to={loginPath} replace />;
}

/** Any path no route claims. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section data-testid="not-found">
      <h1>{t('common.notFound')}</h1>
      <Link to="/">{t('common.backHome')}</Link>
    </section>
  );
}
