import { Suspense } from 'react';
import { Link } from 'react-router';
import { FeedList } from '@fandeck/widgets/feeds/feed-list';
import { PageStatus } from '../components/page-status.js';
import { useTranslation } from '@fandeck/widgets/i18n';
import { displayName } from '../layouts/site-chrome.js';
import { session, useSignalValue } from '../session/session.js';

/** /home: the fan home. Says who is signed in, where to go next, and the posts of the creators they follow. */
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
      <h2>{t('home.feedTitle')}</h2>
      <Suspense fallback={<PageStatus kind="loading" />}>
        <FeedList />
      </Suspense>
    </section>
  );
}
