/** The sizes the server writes for every processed picture (server/src/media/images.ts). */
export type PictureSize = 'small' | 'medium' | 'large';

/** `…/images/<owner>/<file>/<size>.webp`: a processed picture; anything else (an SVG, a default) has one size. */
const PROCESSED = /(\/images\/[^/]+\/[^/]+\/)(?:small|medium|large)\.webp$/;

/**
 * The URL of another size of a processed picture: the API hands out the largest, and the
 * other sizes sit beside it under the same folder. A picture of one size is returned as is.
 */
export function pictureSize(url: string, size: PictureSize): string {
  return url.replace(PROCESSED, `$1${size}.webp`);
}

/** Whether the picture has the server's sizes beside it (a srcset is worth writing). */
export const hasSizes = (url: string) => PROCESSED.test(url);

/**
 * A `srcset` from the server's sizes with their widths (avatar 96/256/512, cover 640/1280/1920),
 * or undefined for a picture of one size.
 */
export function pictureSrcSet(url: string, widths: Partial<Record<PictureSize, number>>): string | undefined {
  if (!hasSizes(url)) return undefined;
  return Object.entries(widths)
    .map(([size, width]) => `${pictureSize(url, size as PictureSize)} ${width}w`)
    .join(', ');
}
