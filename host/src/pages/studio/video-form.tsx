import { LIMITS, type VideoItem } from '@fandeck/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { amountText } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';
import { session } from '../../session/session.js';
import { FormFooter, type Notice } from './form-footer.js';
import { DropZone, MediaTiles, PHOTO_TYPES, VIDEO_TYPES } from './media-drop.js';
import { PreviewSlot, sendAll } from './post-composer.js';
import { SaleFields, useSaleFields } from './sale-fields.js';
import { useMediaUploads } from './use-media-uploads.js';
import { useWhen, WhenField } from './when-field.js';

/**
 * A video: its file, thumbnail and teaser dropped in (each sent at once, with its progress),
 * title, description, subscribers-only or price, and now, later or draft; or an edit of
 * them (a new thumbnail or teaser replaces the old). A refusal keeps everything.
 */
export function VideoForm({ editing, onSaved, onCancel }: { editing?: VideoItem; onSaved: () => void; onCancel?: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const video = useMediaUploads();
  const thumbnail = useMediaUploads();
  const teaser = useMediaUploads();
  const [title, setTitle] = useState(editing?.title ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const sale = useSaleFields(editing ? { isSale: editing.isSale, price: editing.isSale ? amountText(editing.price, i18n.language) : '', subscribersOnly: editing.subscribersOnly } : undefined);
  const when = useWhen(editing);
  const [notice, setNotice] = useState<Notice>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (editing?.thumbnail) thumbnail.restore([{ name: 'thumbnail', kind: 'photo', fileId: 'kept', preview: editing.thumbnail.sizes?.small?.url ?? editing.thumbnail.placeholder }]);
    // Only when another video is opened for editing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing?._id]);

  const fail = (text: string) => setNotice({ kind: 'failed', text });
  /** A replaced (or new) file's id; nothing when it is the one the video had. */
  const picked = (uploads: typeof thumbnail, name: 'thumbnailId' | 'teaserId') => {
    const fileId = uploads.items[0]?.fileId;
    return fileId && fileId !== 'kept' ? { [name]: fileId } : {};
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const fileId = video.items[0]?.fileId;
    if (!editing && !fileId && !video.busy) return fail(t('studio.videoRequired'));
    if (video.busy || thumbnail.busy || teaser.busy) return fail(t('studio.waitUploads'));
    if (!title.trim()) return fail(t('studio.titleRequired'));
    const schedule = when.body();
    if (!schedule.ok) return fail(t('studio.scheduleRequired'));
    setSaving(true);
    setNotice(null);
    const body = { title: title.trim(), description, ...sale.body(), ...schedule.value, ...picked(thumbnail, 'thumbnailId'), ...picked(teaser, 'teaserId') };
    const outcome = editing ? await session.api.videos.update({ id: editing._id }, body) : await session.api.videos.create({ ...body, fileId });
    setSaving(false);
    if (!outcome.ok) return fail(outcome.error.message);
    setNotice({ kind: 'saved', text: editing ? t('studio.changesSaved') : t('studio.saved') });
    if (!editing) {
      for (const uploads of [video, thumbnail, teaser]) uploads.clear();
      setTitle('');
      setDescription('');
      sale.reset();
      when.reset();
    }
    onSaved();
  }

  return (
    <form className="form studio-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving} data-testid={editing ? 'video-editor' : 'new-video'}>
      <h2 className="studio-form__title">{editing ? t('studio.editVideo') : t('studio.newVideo')}</h2>
      {editing ? null : video.items.length ? (
        <MediaTiles items={video.items} onRemove={video.remove} />
      ) : (
        <DropZone id={`${id}-file`} label={t('studio.videoFile')} accept={VIDEO_TYPES} onFiles={(files) => sendAll(video, files.slice(0, 1), () => session.api.videos.videoUpload.upload, 'video')} />
      )}
      <div className="studio-form__previews">
        <PreviewSlot label={t('studio.thumbnail')} hint={t('studio.thumbnailHint')} accept={PHOTO_TYPES} uploads={thumbnail} call={session.api.videos.thumbnailUpload.upload} field="thumbnail" />
        <PreviewSlot label={t('studio.teaser')} hint={t('studio.teaserHint')} accept={VIDEO_TYPES} uploads={teaser} call={session.api.videos.teaserUpload.upload} field="teaser" />
      </div>
      <div className="form__field">
        <label htmlFor={`${id}-title`}>{t('studio.videoTitle')}</label>
        <input id={`${id}-title`} maxLength={LIMITS.video.titleMax} value={title} onChange={(event) => setTitle(event.target.value)} />
      </div>
      <div className="form__field">
        <label htmlFor={`${id}-description`}>{t('studio.videoDescription')}</label>
        <textarea id={`${id}-description`} rows={3} maxLength={LIMITS.video.descriptionMax} value={description} onChange={(event) => setDescription(event.target.value)} />
      </div>
      <SaleFields paidLabel={t('studio.paidVideo')} {...sale.fields} />
      <WhenField state={when} />
      <FormFooter notice={notice} submit={editing ? t('studio.saveChanges') : t('studio.uploadVideo')} saving={saving} waiting={video.busy || thumbnail.busy || teaser.busy} onCancel={onCancel} />
    </form>
  );
}
