import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { newId } from '../db/schema/ids.js';
import { HttpError } from '../http/errors.js';

/** Spec section 5: anything but letters, digits, dot, underscore or hyphen becomes an underscore. */
export const cleanFileName = (name: string): string => name.replace(/[^A-Za-z0-9._-]/g, '_');

export interface StoredFile {
  storagePath: string;
  sizeBytes: number;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'image/gif': '.gif',
  'application/pdf': '.pdf',
};

/**
 * Streams an upload to `<uploadsDir>/<folder>/<generated name>`. The client's file name
 * never reaches the disk. A stream cut short by the size limit leaves no file behind.
 */
export async function storeUpload(
  uploadsDir: string,
  folder: string,
  mimeType: string,
  stream: Readable & { truncated?: boolean },
): Promise<StoredFile> {
  const dir = path.join(uploadsDir, folder);
  await mkdir(dir, { recursive: true });
  const storagePath = path.posix.join(folder, `${newId()}${EXTENSIONS[mimeType] ?? ''}`);
  const target = path.join(uploadsDir, storagePath);
  let sizeBytes = 0;
  stream.on('data', (chunk: Buffer) => {
    sizeBytes += chunk.length;
  });
  try {
    await pipeline(stream, createWriteStream(target));
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
  if (stream.truncated) {
    await rm(target, { force: true });
    throw new HttpError(413, 'request.body_too_large', 'The file is larger than the upload limit');
  }
  return { storagePath, sizeBytes };
}

/** Looks at the first bytes, not the declared type: only these kinds are accepted for documents. */
export function sniffDocumentType(head: Buffer): string | undefined {
  if (head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'image/jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return undefined;
}
