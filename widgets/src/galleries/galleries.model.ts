/**
 * A creator's galleries as a fan sees them (`/performer-assets/galleries/search`), the
 * photos of the one opened (`/performer-assets/photos/{creator}?galleryId=`), and the
 * unlock of a paid gallery (session/unlocks.ts: one `charge:gallery` pay, then the gallery
 * and its photos are read again so the photos arrive as links made for this fan).
 */
import { createModel, signal } from '@preact/signals-core';
import { unexpectedAnswer } from '../session/money-action.js';
import type { ActionError } from '../session/outcome.js';
import type { Session } from '../session/session.js';
import { createUnlocks } from '../session/unlocks.js';
import { isGallery, type Gallery, type Photo } from './galleries-api.js';

export const GALLERY_PAGE_SIZE = 12;
export const PHOTO_PAGE_SIZE = 60;

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; items: T[]; total: number } | { status: 'failed'; error: ActionError };

export const GalleryListModel = createModel((session: Session) => {
  const galleries = signal<Loaded<Gallery>>({ status: 'loading' });
  /** The gallery open, and its photos. */
  const opened = signal<{ gallery: Gallery; photos: Loaded<Photo> } | null>(null);
  let performerId = '';
  let loads = 0;

  async function load(creatorId: string): Promise<void> {
    performerId = creatorId;
    const load = ++loads;
    galleries.value = { status: 'loading' };
    const outcome = await session.api.galleries.search.list({ performerId, limit: GALLERY_PAGE_SIZE, offset: 0 });
    if (load !== loads) return;
    galleries.value = outcome.ok ? { status: 'ready', items: outcome.value.data, total: outcome.value.total } : { status: 'failed', error: outcome.error };
  }

  async function loadPhotos(gallery: Gallery): Promise<void> {
    opened.value = { gallery, photos: { status: 'loading' } };
    const outcome = await session.api.photos.byCreator.list({ performerId: gallery.performerId }, { galleryId: gallery._id, limit: PHOTO_PAGE_SIZE, offset: 0 });
    if (opened.value?.gallery._id !== gallery._id) return;
    opened.value = { gallery, photos: outcome.ok ? { status: 'ready', items: outcome.value.data, total: outcome.value.total } : { status: 'failed', error: outcome.error } };
  }

  /** Opens a gallery: its photos (placeholders while it is locked). */
  const open = (gallery: Gallery) => loadPhotos(gallery);
  const close = () => void (opened.value = null);

  /** Reads a gallery again after it was bought, in the list and, when open, with its photos. */
  async function reload(id: string): Promise<true | ActionError> {
    const fresh = await session.api.galleries.get({ id });
    if (!fresh.ok) return fresh.error;
    if (!isGallery(fresh.value)) return unexpectedAnswer(fresh.value);
    const gallery = fresh.value;
    const current = galleries.value;
    if (current.status === 'ready') galleries.value = { ...current, items: current.items.map((g) => (g._id === id ? gallery : g)) };
    if (opened.value?.gallery._id === id) await loadPhotos(gallery);
    return true;
  }

  const unlocking = createUnlocks(session, 'gallery', reload);
  return { galleries, opened, load, open, close, unlock: unlocking.unlock, unlocks: unlocking.steps };
});
export type GalleryListModel = InstanceType<typeof GalleryListModel>;
