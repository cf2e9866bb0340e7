import { LIMITS } from '@fandeck/contract';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FeedPost } from '@fandeck/widgets/feeds/feed-list';
import { VideoProcessing } from '@fandeck/widgets/ui';
import { formatMoney } from '@fandeck/widgets/format/money';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { useSearchParams } from 'react-router';
import { StudioBlocked } from './studio/studio-blocked.js';
import { StudioGalleries } from './studio/studio-galleries.js';
import { StudioVideos } from './studio/studio-videos.js';
import { ComposerExtras, useComposerExtras } from './studio/composer-extras.js';
import { SaleFields, useSaleFields, SubscribersOnlyBadge } from './studio/sale-fields.js';
import { StudioList, useStudioList } from './studio/studio-list.js';
import { session } from '../session/session.js';
import { askConfirm } from '@fandeck/widgets/ui/ask-confirm';

/** The picture and video kinds the server processes; anything else it refuses with a reason. */
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/gif,video/mp4,video/webm,video/quicktime,audio/mpeg,audio/mp4,audio/aac,audio/ogg,audio/wav,audio/webm';

type UploadKind = 'photo' | 'video' | 'audio';
/** Where each kind of a post's file is uploaded. */
const FEED_UPLOADS = { photo: session.api.feeds.photoUpload, video: session.api.feeds.videoUpload, audio: session.api.feeds.audioUpload } as const;
type PhotoUpload = { key: number; name: string; kind: UploadKind } & (
  | { status: 'uploading'; loaded: number; total: number; controller: AbortController }
  | { status: 'processing'; controller: AbortController }
  | { status: 'done'; fileId: string; placeholder: string }
  | { status: 'failed'; message: string }
);

type When = 'now' | 'schedule' | 'draft';
type SaveState = { status: 'idle' } | { status: 'saving' } | { status: 'saved' } | { status: 'failed'; message: string };

const STUDIO_TABS = ['posts', 'galleries', 'videos', 'reels', 'blocked'] as const;
type StudioTab = (typeof STUDIO_TABS)[number];
const studioTabLabels = { posts: 'studio.tabPosts', galleries: 'studio.tabGalleries', videos: 'studio.tabVideos', reels: 'studio.tabReels', blocked: 'studio.tabBlocked' } as const;

/**
 * /creator/posts: the creator's studio. Posts (write, schedule, draft), galleries and their
 * photos, videos and reels, and the fans the creator blocked, one tab each; the tab is
 * kept in the URL (`?tab=videos`).
 */
export function StudioPage() {
  useNamespaces('studio', 'feeds');
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const tab: StudioTab = STUDIO_TABS.find((name) => name === wanted) ?? 'posts';
  return (
    <section className="card card--wide stack" aria-labelledby="studio-title" data-testid="studio">
      <h1 id="studio-title">{t('studio.title')}</h1>
      <div role="tablist" className="profile__tabs" aria-label={t('studio.tabs')}>
        {STUDIO_TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`studio-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="studio-tabpanel"
            className={tab === name ? 'button button--primary' : 'button'}
            onClick={() => setParams(name === 'posts' ? {} : { tab: name }, { replace: true })}
          >
            {t(studioTabLabels[name])}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="studio-tabpanel" aria-labelledby={`studio-tab-${tab}`} className="stack">
        {tab === 'posts' ? <StudioPosts /> : null}
        {tab === 'galleries' ? <StudioGalleries /> : null}
        {tab === 'videos' ? <StudioVideos kind="video" /> : null}
        {tab === 'reels' ? <StudioVideos kind="reel" /> : null}
        {tab === 'blocked' ? <StudioBlocked /> : null}
      </div>
    </section>
  );
}

/** The posts tab: write, schedule or draft a post, and manage the ones there are. */
function StudioPosts() {
  const { t } = useTranslation();
  const { state: posts, reload } = useStudioList((query) => session.api.feeds.mine.list(query), { limit: 50, sortBy: 'createdAt', sort: 'desc' });

  return (
    <>
      <Composer onSaved={() => void reload()} />
      <h2>{t('studio.listTitle')}</h2>
      <StudioList state={posts} empty={t('studio.empty')}>
        {(items) => (
          <ul className="studio__posts">
            {items.map((post) => (
              <MyPost key={post._id} post={post} onChanged={() => void reload()} />
            ))}
          </ul>
        )}
      </StudioList>
    </>
  );
}

function Composer({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<PhotoUpload[]>([]);
  const sale = useSaleFields();
  const [when, setWhen] = useState<When>('now');
  const [scheduledAt, setScheduledAt] = useState('');
  const [save, setSave] = useState<SaveState>({ status: 'idle' });
  const extras = useComposerExtras();
  const nextKey = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );

  const update = (key: number, next: PhotoUpload | null) =>
    setPhotos((current) => (next ? current.map((photo) => (photo.key === key ? next : photo)) : current.filter((photo) => photo.key !== key)));

  async function upload(file: File) {
    const key = nextKey.current++;
    const controller = new AbortController();
    // A video is transcoded after the upload, in the background; its post shows the progress.
    const kind: UploadKind = file.type.startsWith('video/') ? 'video' : file.type.startsWith('audio/') ? 'audio' : 'photo';
    const base = { key, name: file.name, kind };
    setPhotos((current) => [...current, { ...base, status: 'uploading', loaded: 0, total: file.size, controller }]);
    const form = new FormData();
    form.append('file', file, file.name);
    const outcome = await FEED_UPLOADS[kind].upload({
      form,
      signal: controller.signal,
      onProgress: (loaded, total) => {
        if (!controller.signal.aborted && live.current) update(key, loaded >= total ? { ...base, status: 'processing', controller } : { ...base, status: 'uploading', loaded, total, controller });
      },
    });
    if (!live.current) return;
    if (outcome.ok) update(key, { ...base, status: 'done', fileId: outcome.value._id, placeholder: outcome.value.placeholder ?? '' });
    else if (controller.signal.aborted) update(key, null);
    else update(key, { ...base, status: 'failed', message: outcome.error.message });
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    for (const file of event.target.files ?? []) void upload(file);
    if (input.current) input.current.value = '';
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.status === 'saving') return;
    const done = photos.filter((photo): photo is Extract<PhotoUpload, { status: 'done' }> => photo.status === 'done');
    if (photos.some((photo) => photo.status === 'uploading' || photo.status === 'processing')) return setSave({ status: 'failed', message: t('studio.waitUploads') });
    if (!text.trim() && done.length === 0 && extras.extra === 'none') return setSave({ status: 'failed', message: t('studio.emptyPost') });
    if (extras.extra !== 'none' && done.length > 0) return setSave({ status: 'failed', message: t('studio.extraAlone') });
    const videos = done.filter((upload) => upload.kind === 'video').length;
    const audios = done.filter((upload) => upload.kind === 'audio').length;
    if (videos + audios > 1 || (videos + audios === 1 && done.length > 1)) return setSave({ status: 'failed', message: t('studio.oneVideo') });
    let schedule: string | undefined;
    if (when === 'schedule') {
      const at = scheduledAt ? new Date(scheduledAt) : null;
      if (!at || Number.isNaN(at.getTime()) || at.getTime() <= Date.now()) return setSave({ status: 'failed', message: t('studio.scheduleRequired') });
      schedule = at.toISOString();
    }
    setSave({ status: 'saving' });
    const extra = await extras.create(text);
    if (!extra.ok) return setSave({ status: 'failed', message: extra.message });
    const outcome = await session.api.feeds.create({
      type: videos === 1 ? 'video' : audios === 1 ? 'audio' : done.length > 0 ? 'photo' : 'text',
      ...extra.fields,
      text,
      fileIds: done.map((photo) => photo.fileId),
      ...sale.body(),
      status: when === 'draft' ? 'draft' : 'active',
      ...(schedule ? { scheduledAt: schedule } : {}),
    });
    if (!live.current) return;
    if (!outcome.ok) return setSave({ status: 'failed', message: outcome.error.message });
    setText('');
    setPhotos([]);
    extras.reset();
    sale.reset();
    setWhen('now');
    setScheduledAt('');
    setSave({ status: 'saved' });
    onSaved();
  }

  const saving = save.status === 'saving';
  return (
    <form className="form stack studio__composer" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving} data-testid="composer">
      <h2>{t('studio.composer')}</h2>
      <div className="form__field">
        <label htmlFor={`${id}-text`}>{t('studio.text')}</label>
        <textarea id={`${id}-text`} rows={4} maxLength={LIMITS.feed.textMax} value={text} onChange={(event) => setText(event.target.value)} />
      </div>
      <div className="form__field">
        <label htmlFor={`${id}-photos`}>{t('studio.photos')}</label>
        <input ref={input} id={`${id}-photos`} type="file" accept={ACCEPTED} multiple onChange={choose} />
        <small className="muted">{t('studio.photosHint')}</small>
      </div>
      {photos.length > 0 ? (
        <ul className="studio__photos">
          {photos.map((photo, index) => (
            <li key={photo.key} data-state={photo.status}>
              {photo.status === 'done' && photo.placeholder ? <img src={photo.placeholder} alt="" width={48} height={48} /> : null}
              <span>{photo.name}</span>
              {photo.status === 'uploading' ? (
                <>
                  <progress max={100} value={photo.total ? Math.floor((photo.loaded / photo.total) * 100) : 0} aria-label={t('studio.uploadProgress', { index: index + 1, percent: photo.total ? Math.floor((photo.loaded / photo.total) * 100) : 0 })} />
                  <button type="button" className="button" onClick={() => photo.controller.abort()}>
                    {t('studio.cancelUpload')}
                  </button>
                </>
              ) : null}
              {photo.status === 'processing' ? <span className="muted">{photo.kind === 'video' ? t('studio.uploadingVideo') : t('studio.processing', { index: index + 1 })}</span> : null}
              {photo.status === 'failed' ? (
                <span className="error" role="alert">
                  {photo.message}
                </span>
              ) : null}
              {photo.status === 'done' || photo.status === 'failed' ? (
                <button type="button" className="button" onClick={() => update(photo.key, null)}>
                  {t('studio.removePhoto', { index: index + 1 })}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ComposerExtras state={extras.state} />
      <SaleFields
        paidLabel={t('studio.paid')}
        {...sale.fields}
      />
      <fieldset className="form__field">
        <legend>{t('studio.when')}</legend>
        {(['now', 'schedule', 'draft'] as const).map((option) => (
          <label key={option} className="form__check">
            <input type="radio" name={`${id}-when`} value={option} checked={when === option} onChange={() => setWhen(option)} /> {t(`studio.${option}`)}
          </label>
        ))}
      </fieldset>
      {when === 'schedule' ? (
        <div className="form__field">
          <label htmlFor={`${id}-at`}>{t('studio.scheduledAt')}</label>
          <input id={`${id}-at`} type="datetime-local" value={scheduledAt} onChange={(event) => setScheduledAt(event.target.value)} />
        </div>
      ) : null}
      {save.status === 'failed' ? (
        <p className="error" role="alert">
          {save.message}
        </p>
      ) : null}
      {save.status === 'saved' ? (
        <p className="success" role="status">
          {t('studio.saved')}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? t('studio.saving') : when === 'draft' ? t('studio.saveDraft') : when === 'schedule' ? t('studio.scheduleSubmit') : t('studio.publish')}
      </button>
    </form>
  );
}


function MyPost({ post, onChanged }: { post: FeedPost; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const video = post.files.find((file) => file.type === 'video');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const scheduled = post.status === 'active' ? post.scheduledAt : null;
  const future = scheduled && new Date(scheduled).getTime() > Date.now();
  const status =
    post.status === 'draft'
      ? t('studio.statusDraft')
      : future
        ? t('studio.statusScheduled', { date: new Date(scheduled!).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) })
        : t('studio.statusActive');

  async function remove() {
    if (busy || !(await askConfirm(t('studio.confirmDelete'), { tone: 'danger' }))) return;
    setBusy(true);
    const outcome = await session.api.feeds.delete({ id: post._id });
    setBusy(false);
    if (outcome.ok) onChanged();
    else setFailure(outcome.error.message);
  }

  return (
    <li className="studio__post" data-post={post._id}>
      <span className="badge">{status}</span>
      {post.isSale ? <span className="badge">{t('studio.priceBadge', { price: formatMoney(post.price, i18n.language) })}</span> : null}
      <SubscribersOnlyBadge subscribersOnly={post.subscribersOnly} />
      <span className="studio__post-text">{post.text || (post.type === 'video' ? t('studio.videoCount') : t('studio.photoCount', { count: post.totalFiles }))}</span>
      {video?.status === 'processing' ? <VideoProcessing statusOf={(options) => session.api.feeds.fileStatus({ id: post._id, fileId: video._id }, undefined, options)} progress={video.progress ?? 0} onReady={onChanged} /> : null}
      {video?.status === 'finished' ? <span className="badge">{t('studio.videoReady')}</span> : null}
      {video?.status === 'error' ? (
        <span className="error" role="alert">
          {t('studio.videoFailed')}
        </span>
      ) : null}
      <button type="button" className="button" disabled={busy} onClick={() => void remove()}>
        {t('studio.delete')}
      </button>
      {failure ? (
        <span className="error" role="alert">
          {failure}
        </span>
      ) : null}
    </li>
  );
}
