import { LIMITS } from '@fandeck/contract';
import { useId, useState, type FormEvent } from 'react';
import type { Gallery, Photo } from '@fandeck/widgets/galleries/galleries-api';
import { formatMoney } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';
import { FileUploadStatus, useFileUpload } from '../../components/file-upload.js';
import { DraftField, SaleFields, useSaleFields, SubscribersOnlyBadge } from './sale-fields.js';
import { StudioList, useStudioList } from './studio-list.js';
import { session } from '../../session/session.js';
import { askConfirm } from '@fandeck/widgets/ui/ask-confirm';

const ACCEPTED = 'image/jpeg,image/png,image/webp,image/gif';


/** The creator's galleries: make one (free or paid, published or draft), fill it with photos, pick its cover, delete. */
export function StudioGalleries() {
  const { t, i18n } = useTranslation();
  const { state: galleries, reload } = useStudioList((query) => session.api.galleries.mine.list(query), { limit: 50, sortBy: 'createdAt', sort: 'desc' });
  const [open, setOpen] = useState<string | null>(null);
  const selected = galleries.status === 'ready' ? galleries.items.find((g) => g._id === open) : undefined;
  return (
    <div className="stack" data-testid="studio-galleries">
      <NewGallery onCreated={(gallery) => void reload().then(() => setOpen(gallery._id))} />
      <StudioList state={galleries} empty={t('studio.noGalleries')}>
        {(items) => (
          <ul className="studio__posts">
            {items.map((gallery) => (
              <li key={gallery._id} className="studio__post" data-gallery={gallery._id}>
                <span className="badge">{gallery.status === 'draft' ? t('studio.statusDraft') : t('studio.statusActive')}</span>
                {gallery.isSale ? <span className="badge">{t('studio.priceBadge', { price: formatMoney(gallery.price, i18n.language) })}</span> : null}
                <SubscribersOnlyBadge subscribersOnly={gallery.subscribersOnly} />
                <span className="studio__post-text">{t('studio.galleryLine', { title: gallery.title, count: gallery.numOfItems })}</span>
                <button type="button" className="button" onClick={() => setOpen(open === gallery._id ? null : gallery._id)} aria-expanded={open === gallery._id}>
                  {t('studio.managePhotos')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </StudioList>
      {selected ? <GalleryPhotos key={selected._id} gallery={selected} onChanged={() => void reload()} onDeleted={() => void reload().then(() => setOpen(null))} /> : null}
    </div>
  );
}

function NewGallery({ onCreated }: { onCreated: (gallery: Gallery) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [title, setTitle] = useState('');
  const sale = useSaleFields();
  const [draft, setDraft] = useState(false);
  const [state, setState] = useState<{ status: 'idle' | 'saving' } | { status: 'failed'; message: string }>({ status: 'idle' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!title.trim()) return setState({ status: 'failed', message: t('studio.titleRequired') });
    setState({ status: 'saving' });
    const outcome = await session.api.galleries.create({
      title: title.trim(),
      ...sale.body(),
      status: draft ? 'draft' : 'active',
    });
    if (!outcome.ok) return setState({ status: 'failed', message: outcome.error.message });
    setTitle('');
    sale.reset();
    setDraft(false);
    setState({ status: 'idle' });
    onCreated(outcome.value);
  }

  return (
    <form className="form stack studio__composer" noValidate onSubmit={(event) => void submit(event)} data-testid="new-gallery">
      <h2>{t('studio.newGallery')}</h2>
      <div className="form__field">
        <label htmlFor={`${id}-title`}>{t('studio.galleryTitle')}</label>
        <input id={`${id}-title`} maxLength={LIMITS.gallery.titleMax} value={title} onChange={(event) => setTitle(event.target.value)} />
      </div>
      <SaleFields
        paidLabel={t('studio.paidGallery')}
        {...sale.fields}
      />
      <DraftField draft={draft} onDraft={setDraft} />
      {state.status === 'failed' ? (
        <p className="error" role="alert">
          {state.message}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={state.status === 'saving'}>
        {state.status === 'saving' ? t('studio.saving') : t('studio.createGallery')}
      </button>
    </form>
  );
}

function GalleryPhotos({ gallery, onChanged, onDeleted }: { gallery: Gallery; onChanged: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const upload = useFileUpload();
  const { state: photos, reload } = useStudioList((query) => session.api.photos.mine.list(query), { galleryId: gallery._id, limit: 100, sortBy: 'createdAt', sort: 'asc' });
  const [failure, setFailure] = useState<string | null>(null);

  async function add(files: FileList | null) {
    for (const file of files ?? []) {
      const form = new FormData();
      form.append('galleryId', gallery._id);
      form.append('photo', file, file.name);
      const outcome = await upload.send(session.api.photos.upload.upload, form);
      if (!outcome?.ok) break;
    }
    await reload();
    onChanged();
  }

  async function act(run: () => Promise<{ ok: boolean; error?: { message: string } }>) {
    setFailure(null);
    const outcome = await run();
    if (!outcome.ok) return setFailure(outcome.error?.message ?? '');
    await reload();
    onChanged();
  }

  async function removeGallery() {
    if (!(await askConfirm(t('studio.confirmDeleteGallery'), { tone: 'danger' }))) return;
    const outcome = await session.api.galleries.delete({ id: gallery._id });
    if (outcome.ok) onDeleted();
    else setFailure(outcome.error.message);
  }

  return (
    <section className="stack card" aria-labelledby={`${id}-title`} data-testid="gallery-photos">
      <h3 id={`${id}-title`}>{gallery.title}</h3>
      <div className="form__field">
        <label htmlFor={`${id}-files`}>{t('studio.addPhotos')}</label>
        <input id={`${id}-files`} type="file" accept={ACCEPTED} multiple disabled={upload.busy} onChange={(event) => void add(event.target.files)} />
      </div>
      <FileUploadStatus state={upload.state} onCancel={upload.cancel} />
      {failure ? (
        <p className="error" role="alert">
          {failure}
        </p>
      ) : null}
      <StudioList state={photos} empty={t('studio.noPhotos')}>
        {(items) => (
            <ul className="media-grid">
              {items.map((photo, index) => (
                <li key={photo._id} data-photo={photo._id}>
                  <img src={photo.sizes?.small?.url ?? photo.url ?? photo.placeholder ?? undefined} alt={t('studio.photoNumber', { index: index + 1 })} />
                  {gallery.coverPhoto?._id === photo._id ? (
                    <span className="badge">{t('studio.cover')}</span>
                  ) : (
                    <button type="button" className="button" onClick={() => void act(() => session.api.photos.setCover({ id: photo._id }, {}))}>
                      {t('studio.makeCover')}
                    </button>
                  )}
                  <button type="button" className="button" onClick={() => void act(() => session.api.photos.delete({ id: photo._id }))}>
                    {t('studio.deletePhoto', { index: index + 1 })}
                  </button>
                </li>
              ))}
            </ul>
        )}
      </StudioList>
      <button type="button" className="button" onClick={() => void removeGallery()}>
        {t('studio.deleteGallery')}
      </button>
    </section>
  );
}
