import { Link, Outlet } from 'react-router';
import { useTranslation } from '@fandeck/widgets/i18n';

/** The default layout: site header above the page. */
export function PrimaryLayout() {
  const { t } = useTranslation();
  return (
    <>
      <header className="layout-primary__header">
        <Link to="/home" className="layout-primary__brand">
          {t('common.siteName')}
        </Link>
      </header>
      <main className="layout-primary__main">
        <Outlet />
      </main>
    </>
  );
}
