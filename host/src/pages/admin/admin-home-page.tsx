import { Link } from 'react-router';
import { useTranslation } from '@fandeck/widgets/i18n';
import { useMyScreens } from './admin-frame.js';
import { useScreenText } from './use-screen-label.js';

/** /admin: the back office's home, the screens the signed-in staff member may use. */
export function AdminHomePage() {
  const { t } = useTranslation();
  const text = useScreenText();
  const screens = useMyScreens();
  return (
    <section className="stack" aria-labelledby="admin-title" data-testid="admin-home">
      <h1 id="admin-title">{t('admin.title')}</h1>
      <p className="muted">{t('admin.intro')}</p>
      {screens.length === 0 ? (
        <p className="card" data-testid="admin-no-screens">
          {t('admin.noScreens')}
        </p>
      ) : (
        <ul className="admin-home__grid" data-testid="admin-screens">
          {screens.map((screen) => (
            <li key={screen.path} className="card stack" data-screen={screen.path}>
              <Link to={screen.path} className="admin-home__link">
                {text(screen.labelKey)}
              </Link>
              {screen.hintKey ? <span className="muted">{text(screen.hintKey)}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
