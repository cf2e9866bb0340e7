import { useState } from 'react';
import type { Gallery } from '@fandeck/widgets/galleries/galleries-api';
import { formatMoney } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';
import { session } from '../../session/session.js';
import { useRowState } from './form-footer.js';
import { GalleryForm } from './gallery-form.js';
import { GalleryPhotos } from './gallery-photos.js';
import { SubscribersOnlyBadge } from './sale-fields.js';
import { StudioList, useStudioList } from './studio-list.js';
import { StudioRow } from './studio-row.js';

/** The creator's galleries: make one with its photos dropped in at once, then each with its cover, status, figures, photos, edit and delete. */
export function StudioGalleries() {
  const { t } = useTranslation();
  const { state: galleries, reload } = useStudioList((query) => session.api.galleries.mine.list(query), { limit: 50, sortBy: 'createdAt', sort: 'desc' });
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="stack" data-testid="studio-galleries">
      <GalleryForm onSaved={(gallery) => void reload().then(() => setOpen(gallery._id))} />
      <h2 className="studio__list-title">{t('studio.tabGalleries')}</h2>
      <StudioList state={galleries} empty={t('studio.noGalleries')} onRetry={() => void reload()}>
        {(items) => (
          <ul className="studio-rows">
            {items.map((gallery) => (
              <GalleryItem key={gallery._id} gallery={gallery} open={open === gallery._id} onOpen={(yes) => setOpen(yes ? gallery._id : null)} onChanged={() => void reload()} />
            ))}
          </ul>
        )}
      </StudioList>
    </div>
  );
}

function GalleryItem({ gallery, open, onOpen, onChanged }: { gallery: Gallery; open: boolean; onOpen: (open: boolean) => void; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const { editing, toggle, failure, setFailure, editor } = useRowState(onChanged);
  const cover = gallery.coverPhoto;

  async function remove() {
    setFailure(null);
    const outcome = await session.api.galleries.delete({ id: gallery._id });
    if (outcome.ok) onChanged();
    else setFailure(outcome.error.message);
  }

  return (
    <li className="studio-rows__item" data-gallery={gallery._id} data-status={gallery.status === 'draft' ? 'draft' : 'published'}>
      <StudioRow
        thumbnail={cover?.sizes?.small?.url ?? cover?.url ?? cover?.placeholder ?? null}
        kind={t('studio.kind_gallery')}
        title={gallery.title}
        status={gallery.status === 'draft' ? 'draft' : 'published'}
        statusText={gallery.status === 'draft' ? t('studio.statusDraft') : t('studio.statusActive')}
        meta={
          <>
            {gallery.isSale ? <span className="badge">{t('studio.priceBadge', { price: formatMoney(gallery.price, i18n.language) })}</span> : null}
            <SubscribersOnlyBadge subscribersOnly={gallery.subscribersOnly} />
            <span className="stat">{t('studio.photoCount', { count: gallery.numOfItems })}</span>
          </>
        }
        actions={
          <button type="button" className="button button--small" aria-expanded={open} onClick={() => onOpen(!open)}>
            {t('studio.managePhotos')}
          </button>
        }
        editing={editing}
        onEdit={toggle}
        confirmDelete={t('studio.confirmDeleteGallery')}
        onDelete={() => void remove()}
        failure={failure}
      />
      {editing ? (
        <GalleryForm
          editing={gallery}
          {...editor}
        />
      ) : null}
      {open ? <GalleryPhotos gallery={gallery} onChanged={onChanged} /> : null}
    </li>
  );
}
