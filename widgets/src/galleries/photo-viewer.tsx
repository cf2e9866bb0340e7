import { useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/index.js';
import type { Photo } from './galleries-api.js';

export interface PhotoViewerProps {
  /** The gallery's photos the fan may see (each with its url). */
  photos: readonly Photo[];
  /** The photo shown; null closes the viewer. */
  index: number | null;
  onIndex: (index: number | null) => void;
}

/**
 * A gallery's photos one at a time, over the page: a modal `<dialog>` (the page behind is
 * inert, Escape closes it and the keyboard comes back to the photo it opened from), the
 * photo at its large size, previous and next as buttons, arrow keys and a swipe.
 */
export function PhotoViewer({ photos, index, onIndex }: PhotoViewerProps) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const swipe = useRef<number | null>(null);
  const open = index !== null && photos[index] !== undefined;

  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) node.showModal();
    if (!open && node.open) node.close();
  }, [open]);

  const count = photos.length;
  const go = (step: number) => {
    if (index === null || count === 0) return;
    onIndex((index + step + count) % count);
  };
  const photo = open ? photos[index] : undefined;
  const position = open ? t('galleries.viewerPosition', { index: index + 1, count }) : '';

  return (
    <dialog
      ref={dialog}
      className="photo-viewer"
      aria-label={position}
      data-testid="photo-viewer"
      onClose={() => onIndex(null)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') go(1);
        else if (event.key === 'ArrowLeft') go(-1);
      }}
      onPointerDown={(event) => (swipe.current = event.clientX)}
      onPointerUp={(event) => {
        const from = swipe.current;
        swipe.current = null;
        if (from === null || Math.abs(event.clientX - from) < 50) return;
        go(event.clientX < from ? 1 : -1);
      }}
    >
      {photo ? (
        <>
          <div className="photo-viewer__bar">
            <span aria-live="polite">{position}</span>
            <button type="button" className="photo-viewer__close" onClick={() => onIndex(null)} aria-label={t('galleries.viewerClose')}>
              ×
            </button>
          </div>
          <img className="photo-viewer__photo" src={photo.url ?? undefined} alt={photo.title || t('galleries.photoAlt', { index: index! + 1, count })} />
          {count > 1 ? (
            <div className="photo-viewer__nav">
              <button type="button" className="button" onClick={() => go(-1)}>
                {t('galleries.viewerPrevious')}
              </button>
              <button type="button" className="button" onClick={() => go(1)}>
                {t('galleries.viewerNext')}
              </button>
            </div>
          ) : null}
        </>
      ) : null}
    </dialog>
  );
}
