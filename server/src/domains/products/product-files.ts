/**
 * A product's two files, from its multipart form: `image` (the shop picture, re-encoded like
 * every image and served to anyone under /files/) and `digitalFile` (what a digital
 * product's buyers download, kept as sent under media/, served only through links signed
 * for one buyer: media/signed-links.ts and the media domain's file route).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { files } from '../../media/files.tables.js';
import { newId } from '../../db/schema/ids.js';
import { HttpError } from '../../http/errors.js';
import { readMultipart, type UploadedPart } from '../../http/multipart.js';
import { processImage } from '../../media/images.js';
import { IMAGE_TYPES, sniff } from '../../media/sniff.js';

export const IMAGE_FIELD = 'image';
export const DIGITAL_FILE_FIELD = 'digitalFile';
export const PRODUCT_IMAGE_PURPOSE = 'product-image';
export const PRODUCT_FILE_PURPOSE = 'product-file';
/** The name a digital file is served under (`/api/media/files/{id}/download`). */
export const DOWNLOAD_NAME = 'download';

/** What a digital product may be, by its bytes: a PDF, a ZIP archive, a picture, audio or video. */
const DOWNLOAD_EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'application/zip': '.zip',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'audio/mpeg': '.mp3',
  'audio/ogg': '.ogg',
  'audio/wav': '.wav',
  'audio/mp4': '.m4a',
  'video/mp4': '.mp4',
  'video/webm': '.webm',
  'video/quicktime': '.mov',
};

const isZip = (head: Buffer) => head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

export interface ProductForm {
  fields: Record<string, unknown>;
  image: UploadedPart | null;
  digitalFile: UploadedPart | null;
}

/** The form of POST/PUT …/products: multipart with up to two files, or plain JSON (an edit without files). */
export async function readProductForm(request: FastifyRequest): Promise<ProductForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}, image: null, digitalFile: null };
  }
  const { fields, files: parts } = await readMultipart(request, [IMAGE_FIELD, DIGITAL_FILE_FIELD]);
  const one = (field: string) => {
    const found = parts.filter((p) => p.field === field && p.data.length > 0);
    if (found.length > 1) throw new HttpError(400, 'request.unexpected_file', `body.${field}: send one file`, {}, [`body.${field}`]);
    return found[0] ?? null;
  };
  return { fields, image: one(IMAGE_FIELD), digitalFile: one(DIGITAL_FILE_FIELD) };
}

const cleanName = (name: string) => name.replace(/[^\w.-]/g, '_').slice(0, 200);

/** Stores the shop picture in the photo sizes (public, under images/), recorded in `files`. */
export async function storeProductImage(ctx: AppContext, ownerId: string, part: UploadedPart): Promise<string> {
  const type = sniff(part.data);
  if (!type || !IMAGE_TYPES.includes(type)) throw new HttpError(415, 'media.unsupported_type', `body.${IMAGE_FIELD}: the file is not one of ${IMAGE_TYPES.join(', ')}`);
  const incoming = path.join(ctx.config.uploadsDir, '.incoming');
  await mkdir(incoming, { recursive: true });
  const source = path.join(incoming, randomBytes(12).toString('hex'));
  await writeFile(source, part.data);
  try {
    const fileId = newId();
    const image = await processImage(source, 'photo', ctx.config.uploadsDir, path.join('images', ownerId, fileId));
    await ctx.db.insert(files).values({
      id: fileId,
      ownerId,
      purpose: PRODUCT_IMAGE_PURPOSE,
      storagePath: image.variants.at(-1)!.path,
      originalName: cleanName(part.filename),
      mimeType: 'image/webp',
      sizeBytes: image.variants.reduce((sum, v) => sum + v.bytes, 0),
      width: image.width,
      height: image.height,
      placeholder: image.placeholder,
      variants: image.variants,
    });
    return fileId;
  } finally {
    await rm(source, { force: true });
  }
}

/** Stores a digital product's file as sent (checked by its bytes), under media/ for signed links only. */
export async function storeDigitalFile(ctx: AppContext, ownerId: string, part: UploadedPart): Promise<string> {
  const type = isZip(part.data) ? 'application/zip' : sniff(part.data);
  const extension = type ? DOWNLOAD_EXTENSIONS[type] : undefined;
  if (!type || !extension) {
    throw new HttpError(415, 'media.unsupported_type', `body.${DIGITAL_FILE_FIELD}: the file must be a PDF, ZIP, picture, audio or video file`);
  }
  const fileId = newId();
  const folder = path.posix.join('media', ownerId, fileId);
  const storagePath = path.posix.join(folder, `${DOWNLOAD_NAME}${extension}`);
  await mkdir(path.join(ctx.config.uploadsDir, folder), { recursive: true });
  await writeFile(path.join(ctx.config.uploadsDir, storagePath), part.data);
  await ctx.store.publish(folder);
  await ctx.db.insert(files).values({
    id: fileId,
    ownerId,
    purpose: PRODUCT_FILE_PURPOSE,
    storagePath,
    originalName: cleanName(part.filename),
    mimeType: type,
    sizeBytes: part.data.length,
    variants: [{ name: DOWNLOAD_NAME, path: storagePath, width: 0, height: 0, bytes: part.data.length }],
  });
  return fileId;
}

/** Deletes files of products (their records, then their folders). */
export async function removeProductFiles(ctx: AppContext, fileIds: readonly (string | null)[]): Promise<void> {
  const ids = fileIds.filter((id): id is string => !!id);
  if (ids.length === 0) return;
  const removed = await ctx.db.delete(files).where(inArray(files.id, ids)).returning({ path: files.storagePath });
  await Promise.all(
    removed.map(async (file) => {
      if (!file.path) return;
      const folder = path.posix.dirname(file.path);
      if (folder.startsWith('media/')) await ctx.store.remove(folder);
      else await rm(path.join(ctx.config.uploadsDir, folder), { recursive: true, force: true });
    }),
  );
}
