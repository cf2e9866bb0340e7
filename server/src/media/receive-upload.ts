import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../http/errors.js';
import { sniff, SNIFF_BYTES, type SniffedType } from './sniff.js';

export interface UploadRules {
  /** The one file field the route reads. */
  field: string;
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** Kinds accepted, by content. */
  accept: readonly SniffedType[];
  /** Folder for the file while it is processed (on the same disk as the uploads). */
  incomingDir: string;
}

export interface ReceivedUpload {
  /** The file on disk; the caller moves or deletes it (`discard`). */
  path: string;
  bytes: number;
  type: SniffedType;
  filename: string;
  fields: Record<string, string>;
  discard(): Promise<void>;
}

const tooLarge = (max: number) => new HttpError(413, 'media.too_large', `The file is larger than ${Math.floor(max / (1024 * 1024))} MiB`);

/**
 * Reads a multipart request whose one file is streamed to disk as it arrives (never
 * whole in memory), counted against `maxBytes` and identified by its first bytes. A
 * refused or broken upload leaves nothing behind.
 */
export async function receiveUpload(request: FastifyRequest, rules: UploadRules): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new HttpError(415, 'request.unsupported_media_type', 'The body must be multipart/form-data');
  await mkdir(rules.incomingDir, { recursive: true });
  const fields: Record<string, string> = {};
  let received: Omit<ReceivedUpload, 'fields' | 'discard'> | undefined;
  const written: string[] = [];
  const cleanUp = () => Promise.all(written.map((file) => rm(file, { force: true })));
  try {
    for await (const part of request.parts({ limits: { fileSize: rules.maxBytes, files: 1 } })) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== rules.field) {
        part.file.resume();
        throw badRequest('request.unexpected_file', `body.${part.fieldname}: unexpected file field (send the file as ${rules.field})`, [`body.${part.fieldname}`]);
      }
      const target = path.join(rules.incomingDir, randomBytes(12).toString('hex'));
      written.push(target);
      let head = Buffer.alloc(0);
      let bytes = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
          done(null, chunk);
        },
      });
      await pipeline(part.file, meter, createWriteStream(target));
      if (part.file.truncated || bytes > rules.maxBytes) throw tooLarge(rules.maxBytes);
      if (bytes === 0) throw badRequest('media.file_required', `body.${rules.field}: the file is empty`, [`body.${rules.field}`]);
      const type = sniff(head);
      if (!type || !rules.accept.includes(type)) {
        throw new HttpError(415, 'media.unsupported_type', `body.${rules.field}: the file is not one of ${rules.accept.join(', ')}`);
      }
      received = { path: target, bytes, type, filename: part.filename };
    }
  } catch (error) {
    await cleanUp();
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(rules.maxBytes);
    if (code === 'FST_FILES_LIMIT') throw badRequest('request.unexpected_file', `body: send one file, as ${rules.field}`);
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number' && (error as { statusCode: number }).statusCode < 500) throw error;
    throw badRequest('request.malformed_multipart', 'body: malformed multipart data');
  }
  if (!received) {
    await cleanUp();
    throw badRequest('media.file_required', `body.${rules.field}: a file is required`, [`body.${rules.field}`]);
  }
  const file = received;
  return { ...file, fields, discard: async () => void (await rm(file.path, { force: true })) };
}
