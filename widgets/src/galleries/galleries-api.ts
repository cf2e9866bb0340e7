export type { Gallery, Photo, Picture } from '@fandeck/contract';
import type { Gallery, Photo } from '@fandeck/contract';

export function isGallery(value: unknown): value is Gallery {
  const gallery = value as Partial<Gallery> | null;
  return typeof gallery?._id === 'string' && typeof gallery.locked === 'boolean' && typeof gallery.title === 'string';
}
