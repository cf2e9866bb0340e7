import { useEffect, useState } from 'react';
import { formatMoney } from '../format/money.js';
import { useNamespaces, useTranslation } from '../i18n/index.js';
import { useSession, useSignalValue } from '../session/react.js';
import { FormError, UnlockBox, useErrorText, useModel } from '../ui/index.js';
import { locksForSubscribers, SubscribersOnlyBox, type OnSubscribe } from '../ui/subscribers-only-box.js';
import type { Gallery, Photo } from './galleries-api.js';
import { GalleryListModel } from './galleries.model.js';
import { PhotoViewer } from './photo-viewer.js';

export interface GalleryListProps {
  /** The creator's id. */
  creatorId: string;
  /** "Subscribe to see" on a subscribers-only gallery; without it, a link to the creator's profile on the platform. */
  onSubscribe?: OnSubscribe | undefined;
}

/**
 * A creator's galleries as a grid of covers; opening one shows its photos. A paid
 * gallery shows its covers and photos blurred with its price until the fan unlocks it
 * from the wallet (the platform's confirm dialog); a subscribers-only one shows them
 * blurred with the way to subscribe. An open photo is seen large in a viewer (previous, next,
 * arrow keys, a swipe). Empty, loading and failed states included.
 */
export function GalleryList({ creatorId, onSubscribe }: GalleryListProps) {
  useNamespaces('galleries');
  const { t } = useTranslation();
  const session = useSession();
  const model = useModel(() => new GalleryListModel(session));
  const galleries = useSignalValue(model.galleries);
  const opened = useSignalValue(model.opened);
  const loggedIn = useSignalValue(session.auth.loggedIn);
  const errorText = useErrorText();

  useEffect(() => {
    void model.load(creatorId);
    // A sign-in or sign-out changes what is locked: read them again.
  }, [model, creatorId, loggedIn]);

  if (opened) return <OpenGallery model={model} gallery={opened.gallery} onSubscribe={onSubscribe} />;
  if (galleries.status === 'loading') {
    return (
      <p className="feed-list__status muted" role="status" aria-busy="true">
        {t('galleries.loading')}
      </p>
    );
  }
  if (galleries.status === 'failed') {
    return (
      <div className="feed-list__status">
        <FormError>{errorText(galleries.error)}</FormError>
        <button type="button" className="button" onClick={() => void model.load(creatorId)}>
          {t('galleries.retry')}
        </button>
      </div>
    );
  }
  if (galleries.items.length === 0) return <p className="feed-list__status muted">{t('galleries.empty')}</p>;
  return (
    <ul className="media-grid" data-testid="gallery-list">
      {galleries.items.map((gallery) => (
        <li key={gallery._id} data-gallery={gallery._id} data-locked={gallery.locked}>
          <button type="button" className="media-grid__item" onClick={() => void model.open(gallery)}>
            <Cover gallery={gallery} />
            <strong>{gallery.title}</strong>
            <span className="muted">{t('galleries.count', { count: gallery.numOfItems })}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function Cover({ gallery }: { gallery: Gallery }) {
  const { t } = useTranslation();
  const cover = gallery.coverPhoto;
  if (cover?.sizes) return <img src={cover.sizes.small?.url ?? cover.url ?? undefined} alt="" loading="lazy" />;
  if (cover?.placeholder) return <img className="feed-card__blurred" src={cover.placeholder} alt={t('galleries.lockedCover')} />;
  return <span className="media-grid__empty" aria-hidden="true" />;
}

function OpenGallery({ model, gallery, onSubscribe }: { model: GalleryListModel; gallery: Gallery; onSubscribe: OnSubscribe | undefined }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const opened = useSignalValue(model.opened);
  const unlocks = useSignalValue(model.unlocks);
  const photos = opened?.photos ?? { status: 'loading' as const };
  const price = formatMoney(gallery.price, i18n.language);
  const [viewing, setViewing] = useState<number | null>(null);
  const visible = photos.status === 'ready' ? photos.items.filter((photo) => photo.url) : [];
  return (
    <section className="stack" data-testid="gallery" data-gallery={gallery._id} data-locked={gallery.locked} aria-labelledby={`gallery-${gallery._id}`}>
      <button type="button" className="button" onClick={model.close}>
        {t('galleries.back')}
      </button>
      <h3 id={`gallery-${gallery._id}`}>{gallery.title}</h3>
      {gallery.description ? <p>{gallery.description}</p> : null}
      {gallery.isBought ? <span className="badge">{t('galleries.unlocked')}</span> : null}
      {locksForSubscribers(gallery) ? (
        <SubscribersOnlyBox creator={gallery.performer} onSubscribe={onSubscribe}>
          <p>{t('galleries.subscribersOnlyText', { name: gallery.performer.name ?? gallery.performer.username ?? '' })}</p>
        </SubscribersOnlyBox>
      ) : gallery.locked ? (
        <UnlockBox price={price} step={unlocks.get(gallery._id) ?? null} onUnlock={() => void model.unlock(gallery._id)}>
          <p>{t('galleries.lockedText', { price, count: gallery.numOfItems })}</p>
        </UnlockBox>
      ) : null}
      {photos.status === 'loading' ? (
        <p className="muted" role="status" aria-busy="true">
          {t('galleries.loadingPhotos')}
        </p>
      ) : null}
      {photos.status === 'failed' ? <FormError>{errorText(photos.error)}</FormError> : null}
      {photos.status === 'ready' && photos.items.length === 0 ? <p className="muted">{t('galleries.noPhotos')}</p> : null}
      {photos.status === 'ready' && photos.items.length > 0 ? (
        <div className="feed-card__photos">
          {photos.items.map((photo, index) => (
            <PhotoItem key={photo._id} photo={photo} index={index} count={photos.items.length} onOpen={() => setViewing(visible.indexOf(photo))} />
          ))}
        </div>
      ) : null}
      <PhotoViewer photos={visible} index={viewing} onIndex={setViewing} />
    </section>
  );
}

function PhotoItem({ photo, index, count, onOpen }: { photo: Photo; index: number; count: number; onOpen: () => void }) {
  const { t } = useTranslation();
  if (photo.url) {
    const alt = photo.title || t('galleries.photoAlt', { index: index + 1, count });
    // The photo stays an image to assistive technology; the button over it opens the viewer.
    return (
      <span className="media-photo">
        <img src={photo.sizes?.medium?.url ?? photo.url} alt={alt} loading="lazy" />
        <button type="button" className="media-photo__open" aria-label={t('galleries.viewerOpen', { name: alt })} onClick={onOpen} />
      </span>
    );
  }
  return <img className="feed-card__blurred" src={photo.placeholder ?? undefined} alt={t('galleries.lockedPhotoAlt')} aria-hidden={photo.placeholder ? undefined : true} />;
}
