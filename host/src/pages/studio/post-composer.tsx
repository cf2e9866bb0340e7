import { LIMITS } from '@fandeck/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { FeedPost } from '@fandeck/widgets/feeds/feed-list';
import { amountText } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';
import type { UploadCall } from '../../components/file-upload.js';
import { session } from '../../session/session.js';
import { FormFooter, type Notice } from './form-footer.js';
import { ComposerExtras, useComposerExtras } from './composer-extras.js';
import { AUDIO_TYPES, DropZone, MediaTiles, PHOTO_TYPES, VIDEO_TYPES } from './media-drop.js';
import { SaleFields, useSaleFields } from './sale-fields.js';
import { useMediaUploads, type MediaItem, type MediaKind, type MediaUploads } from './use-media-uploads.js';
import { useWhen, WhenField } from './when-field.js';

const ACCEPTED = `${PHOTO_TYPES},${VIDEO_TYPES},${AUDIO_TYPES}`;
/** Where each kind of a post's file is uploaded (every feed upload takes the file as `file`). */
const FEED_UPLOADS = { photo: session.api.feeds.photoUpload.upload, video: session.api.feeds.videoUpload.upload, audio: session.api.feeds.audioUpload.upload } as const;

const formOf = (file: File, field: string) => {
  const form = new FormData();
  form.append(field, file, file.name);
  return form;
};

/** Adds files to `uploads` and sends each, as `field`, to the route `route` names for its kind. */
export function sendAll(uploads: MediaUploads, files: File[], route: (kind: MediaKind) => UploadCall<{ _id: string }>, field = 'file') {
  for (const { item, file } of uploads.add(files)) void uploads.send(item.key, { call: route(item.kind), form: formOf(file, field) });
}

/** A post's stored files as the tiles of an edit. */
function storedFiles(post: FeedPost): Omit<MediaItem, 'key' | 'state' | 'percent'>[] {
  return post.files.map((file) => ({ name: file._id, kind: file.type, fileId: file._id, preview: file.sizes?.small?.url ?? file.placeholder ?? null }));
}

/** The post type its media make it (a poll or a goal keeps its own). */
function typeOf(done: MediaItem[], kept: string | undefined): string {
  if (kept === 'poll' || kept === 'crowdfunding') return kept;
  if (done.some((item) => item.kind === 'video')) return 'video';
  if (done.some((item) => item.kind === 'audio')) return 'audio';
  return done.length ? 'photo' : 'text';
}

export interface PostComposerProps {
  /** The post to edit; a new post when absent. */
  editing?: FeedPost;
  onSaved: () => void;
  onCancel?: () => void;
}

/**
 * Writes a post or edits one: text, media dropped or picked (previews, progress, order), a
 * video's thumbnail and teaser, subscribers-only, price, and now, later or draft. A refusal
 * keeps everything typed and chosen, and says why in the user's language.
 */
export function PostComposer({ editing, onSaved, onCancel }: PostComposerProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [text, setText] = useState(editing?.text ?? '');
  const media = useMediaUploads();
  const thumbnail = useMediaUploads();
  const teaser = useMediaUploads();
  const sale = useSaleFields(editing ? { isSale: editing.isSale, price: editing.isSale ? amountText(editing.price, i18n.language) : '', subscribersOnly: editing.subscribersOnly } : undefined);
  const when = useWhen(editing);
  const extras = useComposerExtras();
  const [notice, setNotice] = useState<Notice>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!editing) return;
    media.restore(storedFiles(editing));
    if (editing.thumbnail) thumbnail.restore([{ name: editing.thumbnail._id, kind: 'photo', fileId: editing.thumbnail._id, preview: editing.thumbnail.sizes.small?.url ?? editing.thumbnail.placeholder }]);
    if (editing.teaser) teaser.restore([{ name: editing.teaser._id, kind: 'video', fileId: editing.teaser._id, preview: null }]);
    // Only when another post is opened for editing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing?._id]);

  const done = media.items.filter((item) => item.state === 'done');
  const single = media.items.length === 1 && media.items[0]!.kind !== 'photo';
  const busy = media.busy || thumbnail.busy || teaser.busy;
  const fail = (text: string) => setNotice({ kind: 'failed', text });

  function check(): string | null {
    if (busy || media.items.some((item) => item.state === 'queued')) return t('studio.waitUploads');
    if (!text.trim() && done.length === 0 && extras.extra === 'none' && !editing) return t('studio.emptyPost');
    if (extras.extra !== 'none' && done.length > 0) return t('studio.extraAlone');
    const long = done.filter((item) => item.kind !== 'photo').length;
    if (long > 1 || (long === 1 && done.length > 1)) return t('studio.oneVideo');
    return null;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const problem = check();
    if (problem) return fail(problem);
    const schedule = when.body();
    if (!schedule.ok) return fail(t('studio.scheduleRequired'));
    setSaving(true);
    setNotice(null);
    const previews = single ? { thumbnailId: thumbnail.items[0]?.fileId ?? null, teaserId: teaser.items[0]?.fileId ?? null } : {};
    const body = { text, fileIds: done.map((item) => item.fileId!), ...sale.body(), ...schedule.value, ...previews };
    const outcome = editing
      ? await session.api.feeds.update({ id: editing._id }, { ...body, ...(editing.type === 'poll' || editing.type === 'crowdfunding' ? {} : { type: typeOf(done, editing.type) }) })
      : await createPost(body);
    setSaving(false);
    if (!outcome.ok) return fail(outcome.error.message);
    setNotice({ kind: 'saved', text: editing ? t('studio.changesSaved') : t('studio.saved') });
    if (!editing) {
      setText('');
      media.clear();
      thumbnail.clear();
      teaser.clear();
      extras.reset();
      sale.reset();
      when.reset();
    }
    onSaved();
  }

  async function createPost(body: Record<string, unknown>) {
    const extra = await extras.create(text);
    if (!extra.ok) return { ok: false as const, error: { message: extra.message } };
    return session.api.feeds.create({ type: typeOf(done, undefined), ...body, ...extra.fields });
  }

  const submitText = editing ? t('studio.saveChanges') : when.when === 'draft' ? t('studio.saveDraft') : when.when === 'schedule' ? t('studio.scheduleSubmit') : t('studio.publish');
  return (
    <form className="form studio-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving} data-testid={editing ? 'post-editor' : 'composer'}>
      <h2 className="studio-form__title">{editing ? t('studio.editPost') : t('studio.composer')}</h2>
      <div className="form__field">
        <label htmlFor={`${id}-text`}>{t('studio.text')}</label>
        <textarea id={`${id}-text`} rows={4} maxLength={LIMITS.feed.textMax} placeholder={t('studio.textPlaceholder')} value={text} onChange={(event) => setText(event.target.value)} />
      </div>
      {editing?.type === 'poll' || editing?.type === 'crowdfunding' ? null : (
        <DropZone id={`${id}-media`} label={t('studio.photos')} hint={t('studio.photosHint')} accept={ACCEPTED} multiple onFiles={(files) => sendAll(media, files, (kind) => FEED_UPLOADS[kind])} />
      )}
      {media.items.length ? <MediaTiles items={media.items} onRemove={media.remove} onMove={media.move} /> : null}
      {single ? (
        <div className="studio-form__previews">
          <PreviewSlot label={t('studio.thumbnail')} hint={t('studio.thumbnailHint')} accept={PHOTO_TYPES} uploads={thumbnail} call={session.api.feeds.thumbnailUpload.upload} />
          <PreviewSlot label={t('studio.teaser')} hint={t('studio.teaserHint')} accept={VIDEO_TYPES} uploads={teaser} call={session.api.feeds.teaserUpload.upload} />
        </div>
      ) : null}
      {editing ? null : <ComposerExtras state={extras.state} />}
      <SaleFields paidLabel={t('studio.paid')} {...sale.fields} />
      <WhenField state={when} />
      <FormFooter notice={notice} submit={submitText} saving={saving} waiting={busy} onCancel={onCancel} />
    </form>
  );
}

/** One file beside the main media (a thumbnail, a teaser): a small drop zone, or the file's tile. */
export function PreviewSlot({ label, hint, accept, uploads, call, field = 'file' }: { label: string; hint: string; accept: string; uploads: MediaUploads; call: UploadCall<{ _id: string }>; field?: string }) {
  const id = useId();
  const choose = (files: File[]) => {
    uploads.clear();
    sendAll(uploads, files.slice(0, 1), () => call, field);
  };
  return (
    <div className="preview-slot">
      {uploads.items.length ? (
        <>
          <span className="preview-slot__label">{label}</span>
          <MediaTiles items={uploads.items} onRemove={uploads.remove} name={label} />
        </>
      ) : (
        <DropZone id={id} label={label} hint={hint} accept={accept} compact onFiles={choose} />
      )}
    </div>
  );
}
