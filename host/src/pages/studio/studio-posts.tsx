import { useState } from 'react';
import type { FeedPost } from '@fandeck/widgets/feeds/feed-list';
import { formatMoney } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';
import { VideoProcessing } from '@fandeck/widgets/ui';
import { session } from '../../session/session.js';
import { useRowState } from './form-footer.js';
import { PostComposer } from './post-composer.js';
import { SubscribersOnlyBadge } from './sale-fields.js';
import { StudioList, useStudioList } from './studio-list.js';
import { StudioRow, type RowStatus } from './studio-row.js';

/** Where a post stands: its video still transcoding, a draft, scheduled for later, or published. */
export function postStatus(post: FeedPost): RowStatus {
  const media = post.files.find((file) => file.type !== 'photo');
  if (media?.status === 'processing') return 'processing';
  if (media?.status === 'error') return 'error';
  if (post.status === 'draft') return 'draft';
  if (post.status === 'active' && post.scheduledAt && new Date(post.scheduledAt).getTime() > Date.now()) return 'scheduled';
  return 'published';
}

/** The post's picture for the list: a photo, the video's thumbnail or poster, else its blurred placeholder. */
const thumbnailOf = (post: FeedPost) => post.thumbnail?.sizes.small?.url ?? post.files[0]?.sizes?.small?.url ?? post.thumbnail?.placeholder ?? post.files[0]?.placeholder ?? null;

/** The posts tab: the composer, then the posts with their thumbnails, status and figures, each editable and deletable. */
export function StudioPosts() {
  const { t } = useTranslation();
  const { state: posts, reload } = useStudioList((query) => session.api.feeds.mine.list(query), { limit: 50, sortBy: 'createdAt', sort: 'desc' });
  return (
    <>
      <PostComposer onSaved={() => void reload()} />
      <h2 className="studio__list-title">{t('studio.listTitle')}</h2>
      <StudioList state={posts} empty={t('studio.empty')} onRetry={() => void reload()}>
        {(items) => (
          <ul className="studio-rows">
            {items.map((post) => (
              <MyPost key={post._id} post={post} onChanged={() => void reload()} />
            ))}
          </ul>
        )}
      </StudioList>
    </>
  );
}

function MyPost({ post, onChanged }: { post: FeedPost; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const { editing, toggle, failure, setFailure, editor } = useRowState(onChanged);
  const [busy, setBusy] = useState(false);
  const status = postStatus(post);
  const media = post.files.find((file) => file.type !== 'photo');
  const photos = post.files.filter((file) => file.type === 'photo').length;
  const kind = t(`studio.kind_${(['photo', 'video', 'audio', 'poll', 'crowdfunding'] as const).find((k) => k === post.type) ?? 'text'}`);
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const statusText = {
    published: t('studio.statusActive'),
    scheduled: t('studio.statusScheduled', { date: date(post.scheduledAt ?? post.createdAt) }),
    draft: t('studio.statusDraft'),
    processing: t('studio.statusProcessing'),
    error: t('studio.videoFailed'),
  }[status];

  async function remove() {
    setBusy(true);
    setFailure(null);
    const outcome = await session.api.feeds.delete({ id: post._id });
    setBusy(false);
    if (outcome.ok) onChanged();
    else setFailure(outcome.error.message);
  }

  const meta = (
    <>
      {post.isSale ? <span className="badge">{t('studio.priceBadge', { price: formatMoney(post.price, i18n.language) })}</span> : null}
      <SubscribersOnlyBadge subscribersOnly={post.subscribersOnly} />
      {photos > 1 ? <span className="stat">{t('studio.photoCount', { count: photos })}</span> : null}
      <span className="stat">{t('studio.likes', { count: post.totalLike ?? 0 })}</span>
      {post.totalComment !== undefined ? <span className="stat">{t('studio.comments', { count: post.totalComment })}</span> : null}
      <span className="stat muted">{date(post.createdAt)}</span>
    </>
  );
  return (
    <li className="studio-rows__item" data-post={post._id} data-status={status}>
      <StudioRow
        thumbnail={thumbnailOf(post)}
        kind={kind}
        title={post.text || kind}
        status={status}
        statusText={statusText}
        meta={meta}
        extra={
          media?.status === 'processing' ? (
            <VideoProcessing statusOf={(options) => session.api.feeds.fileStatus({ id: post._id, fileId: media._id }, undefined, options)} progress={media.progress ?? 0} onReady={onChanged} />
          ) : media?.status === 'finished' && media.type === 'video' ? (
            <span className="badge">{t('studio.videoReady')}</span>
          ) : null
        }
        busy={busy}
        editing={editing}
        onEdit={toggle}
        confirmDelete={t('studio.confirmDelete')}
        onDelete={() => void remove()}
        failure={failure}
      />
      {editing ? (
        <PostComposer
          editing={post}
          {...editor}
        />
      ) : null}
    </li>
  );
}
