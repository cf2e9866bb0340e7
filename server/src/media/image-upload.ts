import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { newId } from '../db/schema/ids.js';
import { users } from '../domains/accounts/accounts.tables.js';
import { files } from './files.tables.js';
import { processImage, type ImageProfileName, type ProcessedImage } from './images.js';
import { receiveUpload } from './receive-upload.js';
import { IMAGE_TYPES } from './sniff.js';

/** The multipart field every image upload reads. */
export const IMAGE_FIELD = 'file';

export interface StoredImage extends ProcessedImage {
  fileId: string;
  /** The form's text fields sent with the file (a gallery id, a title). */
  fields: Record<string, string>;
}

/**
 * An image upload from end to end: streamed to disk under the photo limit, checked to be
 * a JPEG, PNG, WebP or GIF by its bytes, re-encoded in the profile's sizes without its
 * metadata, and recorded in `files`. The original bytes are deleted either way.
 */
export interface ImageDestination {
  /** `images` is served to anyone under /files/; `media` only through signed links. */
  folder: 'images' | 'media';
  /** The `files.purpose` recorded. */
  purpose: string;
  /** The multipart field the image comes in (default `file`; some clients send `photo`). */
  field?: string;
}

export async function uploadImage(
  ctx: AppContext,
  request: FastifyRequest,
  ownerId: string,
  profile: ImageProfileName,
  destination: ImageDestination = { folder: 'images', purpose: profile },
): Promise<StoredImage> {
  const upload = await receiveUpload(request, {
    field: destination.field ?? IMAGE_FIELD,
    maxBytes: ctx.config.uploadLimits.photo,
    accept: IMAGE_TYPES,
    incomingDir: path.join(ctx.config.uploadsDir, '.incoming'),
  });
  try {
    const fileId = newId();
    const image = await processImage(upload.path, profile, ctx.config.uploadsDir, path.join(destination.folder, ownerId, fileId));
    await ctx.db.insert(files).values({
      id: fileId,
      ownerId,
      purpose: destination.purpose,
      storagePath: image.variants.at(-1)!.path,
      originalName: upload.filename.replace(/[^\w.-]/g, '_').slice(0, 200),
      mimeType: 'image/webp',
      sizeBytes: image.variants.reduce((sum, v) => sum + v.bytes, 0),
      width: image.width,
      height: image.height,
      placeholder: image.placeholder,
      variants: image.variants,
    });
    // Post media go to the store (a bucket, with STORAGE=s3); public pictures stay under /files/.
    if (destination.folder === 'media') await ctx.store.publish(path.posix.join('media', ownerId, fileId));
    return { fileId, ...image, fields: upload.fields };
  } finally {
    await upload.discard();
  }
}

export const storedImageSchema = z.object({
  success: z.literal(true),
  _id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  placeholder: z.string(),
  sizes: z.record(z.string(), z.object({ url: z.string(), width: z.number().int(), height: z.number().int() })),
});
export type StoredImageDto = z.infer<typeof storedImageSchema>;

/** The answer of an image upload: the largest size as `url`, every size, the placeholder. */
export function presentImage(origin: string, image: StoredImage): StoredImageDto {
  const url = (p: string) => `${origin}/files/${p}`;
  return {
    success: true,
    _id: image.fileId,
    url: url(image.variants.at(-1)!.path),
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
    sizes: Object.fromEntries(image.variants.map((v) => [v.name, { url: url(v.path), width: v.width, height: v.height }])),
  };
}

/** Folder of a processed image, from the path of one of its sizes (`images/<owner>/<file>/large.webp`). */
const imageFolder = (storagePath: string | null) => (storagePath && /^images\/[^/]+\/[^/]+\/[^/]+$/.test(storagePath) ? path.posix.dirname(storagePath) : null);

/**
 * Sets a user's avatar or cover from an upload; the picture it replaces (its files and
 * record) is removed once the new one is in place. Returns the new picture.
 */
export async function replaceProfileImage(ctx: AppContext, request: FastifyRequest, userId: string, which: 'avatar' | 'cover'): Promise<StoredImage> {
  const image = await uploadImage(ctx, request, userId, which);
  const column = which === 'avatar' ? users.avatarPath : users.coverPath;
  const newPath = image.variants.at(-1)!.path;
  const previous = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ path: column }).from(users).where(eq(users.id, userId)).for('update');
    await tx.update(users).set(which === 'avatar' ? { avatarPath: newPath, updatedAt: new Date() } : { coverPath: newPath, updatedAt: new Date() }).where(eq(users.id, userId));
    const folder = imageFolder(before?.path ?? null);
    if (folder) await tx.delete(files).where(and(eq(files.ownerId, userId), eq(files.id, path.posix.basename(folder))));
    return folder;
  });
  if (previous) await rm(path.join(ctx.config.uploadsDir, previous), { recursive: true, force: true });
  return image;
}
