import { Suspense } from 'react';
import { FeedList } from '@fandeck/widgets/feeds/feed-list';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { PageStatus } from '../components/page-status.js';

/**
 * /user/bookmarks: the posts the signed-in user saved, newest bookmark first, as the same
 * cards as everywhere (unlock, like, comments); a post taken back stays until the next visit.
 */
export function BookmarksPage() {
  useNamespaces('bookmarks', 'feeds');
  const { t } = useTranslation();
  return (
    <section aria-labelledby="bookmarks-title" className="stack" data-testid="bookmarks">
      <h1 id="bookmarks-title">{t('bookmarks.title')}</h1>
      <p className="muted">{t('bookmarks.intro')}</p>
      <Suspense fallback={<PageStatus kind="loading" />}>
        <FeedList source={{ bookmarks: true }} />
      </Suspense>
    </section>
  );
}
