import { useId, useState } from 'react';
import type { Gallery } from '@fandeck/widgets/galleries/galleries-api';
import { useTranslation } from '@fandeck/widgets/i18n';
import { session } from '../../session/session.js';
import { sendPhotos } from './gallery-form.js';
import { DropZone, MediaTiles, PHOTO_TYPES } from './media-drop.js';
import { StudioList, useStudioList } from './studio-list.js';
import { useMediaUploads } from './use-media-uploads.js';

/** A gallery's photos: more dropped in (each with its progress), a cover chosen, one deleted. */
export function GalleryPhotos({ gallery, onChanged }: { gallery: Gallery; onChanged: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const uploads = useMediaUploads();
  const { state: photos, reload } = useStudioList((query) => session.api.photos.mine.list(query), { galleryId: gallery._id, limit: 100, sortBy: 'createdAt', sort: 'asc' });
  const [failure, setFailure] = useState<string | null>(null);

  async function add(chosen: File[]) {
    const added = uploads.add(chosen).map(({ item, file }) => ({ key: item.key, file }));
    const all = await sendPhotos(uploads, added, gallery._id);
    // What arrived shows in the grid below; a failed photo stays as a tile saying why.
    for (const { key } of all ? added : []) uploads.remove(key);
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

  return (
    <section className="studio-form gallery-photos" aria-labelledby={`${id}-title`} data-testid="gallery-photos">
      <h3 id={`${id}-title`} className="studio-form__title">
        {gallery.title}
      </h3>
      <DropZone id={`${id}-files`} label={t('studio.addPhotos')} accept={PHOTO_TYPES} multiple disabled={uploads.busy} onFiles={(chosen) => void add(chosen)} />
      {uploads.items.some((item) => item.state !== 'done') ? <MediaTiles items={uploads.items.filter((item) => item.state !== 'done')} onRemove={uploads.remove} /> : null}
      {failure ? (
        <p className="error" role="alert">
          {failure}
        </p>
      ) : null}
      <StudioList state={photos} empty={t('studio.noPhotos')} onRetry={() => void reload()}>
        {(items) => (
          <ul className="photo-grid">
            {items.map((photo, index) => (
              <li key={photo._id} data-photo={photo._id} className="photo-grid__item">
                <img src={photo.sizes?.small?.url ?? photo.url ?? photo.placeholder ?? undefined} alt={t('studio.photoNumber', { index: index + 1 })} />
                <span className="photo-grid__actions">
                  {gallery.coverPhoto?._id === photo._id ? (
                    <span className="badge">{t('studio.cover')}</span>
                  ) : (
                    <button type="button" className="button button--small" onClick={() => void act(() => session.api.photos.setCover({ id: photo._id }, {}))}>
                      {t('studio.makeCover')}
                    </button>
                  )}
                  <button type="button" className="icon-button" aria-label={t('studio.deletePhoto', { index: index + 1 })} onClick={() => void act(() => session.api.photos.delete({ id: photo._id }))}>
                    ✕
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </StudioList>
    </section>
  );
}
