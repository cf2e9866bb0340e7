import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { unprocessable } from '../http/errors.js';

export interface ImageSize {
  name: 'small' | 'medium' | 'large';
  width: number;
  /** A fixed height crops to the box (avatars); without one the image keeps its proportions. */
  height?: number;
}

export interface ImageProfile {
  sizes: readonly ImageSize[];
}

/** What each kind of picture is turned into: every size WebP, never larger than the original. */
export const IMAGE_PROFILES = {
  avatar: { sizes: [{ name: 'small', width: 96, height: 96 }, { name: 'medium', width: 256, height: 256 }, { name: 'large', width: 512, height: 512 }] },
  cover: { sizes: [{ name: 'small', width: 640 }, { name: 'medium', width: 1280 }, { name: 'large', width: 1920 }] },
  photo: { sizes: [{ name: 'small', width: 320 }, { name: 'medium', width: 1080 }, { name: 'large', width: 2048 }] },
  /** The site's logo: kept whole (never cropped), as wide as a header needs. */
  logo: { sizes: [{ name: 'small', width: 320 }, { name: 'large', width: 960 }] },
} as const satisfies Record<string, ImageProfile>;
export type ImageProfileName = keyof typeof IMAGE_PROFILES;

export interface ImageVariant {
  name: ImageSize['name'];
  /** Relative to the uploads folder. */
  path: string;
  width: number;
  height: number;
  bytes: number;
}

export interface ProcessedImage {
  width: number;
  height: number;
  variants: ImageVariant[];
  /** A tiny blurred WebP as a data URL, shown while a size loads or in place of locked media. */
  placeholder: string;
}

/** Images larger than this many pixels are refused before they are decoded (decompression bombs). */
const MAX_INPUT_PIXELS = 100_000_000;

/**
 * Re-encodes an uploaded image: turned upright by its EXIF orientation, then written in
 * each size of the profile as WebP. Nothing of the original's metadata (EXIF, GPS, camera,
 * XMP, comments) is carried over: sharp writes none unless asked. The files are written
 * aside and moved into `uploadsDir/relativeDir` once all exist. `source`: a file, or the
 * image's bytes (the demo seed's drawings).
 */
export async function processImage(source: string | Buffer, profileName: ImageProfileName, uploadsDir: string, relativeDir: string): Promise<ProcessedImage> {
  const profile: ImageProfile = IMAGE_PROFILES[profileName];
  const finalDir = path.join(uploadsDir, relativeDir);
  const workDir = `${finalDir}.partial`;
  await mkdir(workDir, { recursive: true });
  try {
    const upright = sharp(source, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
    const meta = await upright.metadata().catch(unreadable);
    if (!meta.width || !meta.height) unreadable(new Error('no dimensions'));
    // EXIF orientations 5 to 8 are quarter turns: the upright picture is the other way round.
    const turned = (meta.orientation ?? 1) >= 5;
    const original = { width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height };
    const variants: ImageVariant[] = [];
    for (const size of profile.sizes) {
      const file = `${size.name}.webp`;
      const info = await upright
        .clone()
        .resize({ width: size.width, height: size.height, fit: size.height ? 'cover' : 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toFile(path.join(workDir, file))
        .catch(unreadable);
      variants.push({ name: size.name, path: path.posix.join(relativeDir.split(path.sep).join('/'), file), width: info.width, height: info.height, bytes: info.size });
    }
    const blurred = await upright.clone().resize({ width: 24, height: 24, fit: 'inside' }).blur(1.2).webp({ quality: 40 }).toBuffer().catch(unreadable);
    await rm(finalDir, { recursive: true, force: true });
    await rename(workDir, finalDir);
    return { width: original.width, height: original.height, variants, placeholder: `data:image/webp;base64,${blurred.toString('base64')}` };
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
}

function unreadable(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  throw unprocessable('media.unreadable', `The image could not be read: ${message.split('\n')[0]}`);
}
