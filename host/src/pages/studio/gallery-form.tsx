import { LIMITS } from '@fandeck/contract';
import { useId, useState, type FormEvent } from 'react';
import type { Gallery } from '@fandeck/widgets/galleries/galleries-api';
import { amountText } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';
import { session } from '../../session/session.js';
import { FormFooter, type Notice } from './form-footer.js';
import { DropZone, MediaTiles, PHOTO_TYPES } from './media-drop.js';
import { DraftField, SaleFields, useSaleFields } from './sale-fields.js';
import { useMediaUploads, type MediaUploads } from './use-media-uploads.js';

/** Sends photos into the gallery one by one, in their order; answers whether all arrived. */
export async function sendPhotos(uploads: MediaUploads, queue: { key: number; file: File }[], galleryId: string): Promise<boolean> {
  let all = true;
  for (const { key, file } of queue) {
    const form = new FormData();
    form.append('galleryId', galleryId);
    form.append('photo', file, file.name);
    if (!(await uploads.send(key, { call: session.api.photos.upload.upload, form }))) all = false;
  }
  return all;
}

/**
 * A new gallery (its title, its photos dropped in before it exists, free or paid, draft or
 * published), or an edit of one's title and sale. A refusal keeps the form and the chosen
 * photos, and says why.
 */
export function GalleryForm({ editing, onSaved, onCancel }: { editing?: Gallery; onSaved: (gallery: Gallery) => void; onCancel?: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [title, setTitle] = useState(editing?.title ?? '');
  const sale = useSaleFields(editing ? { isSale: editing.isSale, price: editing.isSale ? amountText(editing.price, i18n.language) : '', subscribersOnly: editing.subscribersOnly } : undefined);
  const [draft, setDraft] = useState(editing?.status === 'draft');
  const photos = useMediaUploads();
  const [files] = useState(() => new Map<number, File>());
  const [created, setCreated] = useState<Gallery | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [saving, setSaving] = useState(false);

  async function save(): Promise<Gallery | null> {
    const body = { title: title.trim(), ...sale.body(), status: draft ? ('draft' as const) : ('active' as const) };
    const outcome = editing ? await session.api.galleries.update({ id: editing._id }, body) : await session.api.galleries.create(body);
    if (!outcome.ok) {
      setNotice({ kind: 'failed', text: outcome.error.message });
      return null;
    }
    return outcome.value;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (!title.trim()) return setNotice({ kind: 'failed', text: t('studio.titleRequired') });
    setSaving(true);
    setNotice(null);
    // A retry after some photos failed sends only those, into the gallery made the first time.
    const gallery = created ?? (await save());
    if (gallery && !editing) setCreated(gallery);
    const queue = photos.items.filter((item) => item.state !== 'done' && files.has(item.key)).map((item) => ({ key: item.key, file: files.get(item.key)! }));
    const sent = gallery && !editing ? await sendPhotos(photos, queue, gallery._id) : true;
    setSaving(false);
    if (!gallery || !sent) return;
    setNotice({ kind: 'saved', text: editing ? t('studio.changesSaved') : t('studio.galleryCreated') });
    if (!editing) {
      setTitle('');
      sale.reset();
      setDraft(false);
      photos.clear();
      files.clear();
      setCreated(null);
    }
    onSaved(gallery);
  }

  return (
    <form className="form studio-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving} data-testid={editing ? 'gallery-editor' : 'new-gallery'}>
      <h2 className="studio-form__title">{editing ? t('studio.editGallery') : t('studio.newGallery')}</h2>
      <div className="form__field">
        <label htmlFor={`${id}-title`}>{t('studio.galleryTitle')}</label>
        <input id={`${id}-title`} maxLength={LIMITS.gallery.titleMax} value={title} onChange={(event) => setTitle(event.target.value)} />
      </div>
      {editing ? null : (
        <>
          <DropZone
            id={`${id}-photos`}
            label={t('studio.galleryPhotos')}
            accept={PHOTO_TYPES}
            multiple
            onFiles={(chosen) => {
              for (const { item, file } of photos.add(chosen)) files.set(item.key, file);
            }}
          />
          {photos.items.length ? <MediaTiles items={photos.items} onRemove={photos.remove} onMove={photos.move} /> : null}
        </>
      )}
      <SaleFields paidLabel={t('studio.paidGallery')} {...sale.fields} />
      <DraftField draft={draft} onDraft={setDraft} />
      <FormFooter notice={notice} submit={editing ? t('studio.saveChanges') : t('studio.createGallery')} saving={saving} onCancel={onCancel} />
    </form>
  );
}
