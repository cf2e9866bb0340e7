import { Link } from 'react-router';
import { useTranslation } from '@fandeck/widgets/i18n';
import { displayName } from '../layouts/site-chrome.js';
import { session, useSignalValue } from '../session/session.js';

/** /home: the fan home. Says who is signed in and where to go next. */
export function HomePage() {
  const { t } = useTranslation();
  const user = useSignalValue(session.user.current);
  if (!user) return null;
  return (
    <section aria-labelledby="home-title" className="stack">
      <h1 id="home-title">{t('home.title')}</h1>
      <p data-testid="signed-in-as">{t('home.signedInAs', { name: displayName(user) })}</p>
      <p>
        <Link to="/creators" className="button">
          {t('site.browseCreators')}
        </Link>
      </p>
    </section>
  );
}
