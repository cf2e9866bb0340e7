/**
 * Forms of the video and reel routes: text fields with at most one file, whose field
 * (`video`, `teaser` or `thumbnail`) is only known once it arrives. The file is stored
 * like any upload of its kind: a video is transcoded by the durable job, a thumbnail
 * becomes WebP sizes.
 */
import type { MultipartFile, Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { badRequest, HttpError } from '../../http/errors.js';
import { parseOrThrow } from '../../http/validate.js';
import { uploadImage } from '../../media/image-upload.js';
import { uploadVideo } from '../../media/video-upload.js';
import type { VideoFileKind } from './videos.schemas.js';

export interface FormFile {
  kind: VideoFileKind;
  fileId: string;
}

/** Uploads a file of this kind from the request's `kind` field, recorded with `purpose`. */
export async function storeUpload(ctx: AppContext, request: FastifyRequest, ownerId: string, kind: VideoFileKind, purpose: string) {
  if (kind === 'thumbnail') return uploadImage(ctx, request, ownerId, 'photo', { folder: 'media', purpose, field: kind });
  return uploadVideo(ctx, request, ownerId, purpose, kind);
}

function multipartError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return badRequest('request.unexpected_file', 'body: send at most one file');
  if (typeof (error as { statusCode?: unknown }).statusCode === 'number' && (error as { statusCode: number }).statusCode < 500) return error;
  return badRequest('request.malformed_multipart', 'body: malformed multipart data');
}

/** The request as the upload functions read it, its multipart parts starting again at `first`. */
function replay(request: FastifyRequest, first: MultipartFile, rest: AsyncIterator<Multipart>): FastifyRequest {
  async function* parts() {
    yield first;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
  }
  return Object.assign(Object.create(request) as FastifyRequest, { isMultipart: () => true, parts });
}

/**
 * Reads a multipart form: its text fields, and its one file when there is one, stored with
 * the purpose `purposes` gives its field. A file in any other field is a 400.
 */
export async function readForm(
  ctx: AppContext,
  request: FastifyRequest,
  ownerId: string,
  purposes: Partial<Record<VideoFileKind, string>>,
): Promise<{ fields: Record<string, string>; file: FormFile | null }> {
  if (!request.isMultipart()) throw new HttpError(415, 'request.unsupported_media_type', 'The body must be multipart/form-data');
  const limit = Math.max(ctx.config.uploadLimits.video, ctx.config.uploadLimits.photo);
  const parts = request.parts({ limits: { fileSize: limit, files: 1 } })[Symbol.asyncIterator]();
  const fields: Record<string, string> = {};
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      throw multipartError(error);
    }
    if (next.done) return { fields, file: null };
    const part = next.value;
    if (part.type !== 'file') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    const kind = (Object.keys(purposes) as VideoFileKind[]).find((k) => k === part.fieldname);
    if (!kind) {
      part.file.resume();
      const accepted = Object.keys(purposes).join(', ');
      throw badRequest('request.unexpected_file', `body.${part.fieldname}: unexpected file field (send one of ${accepted})`, [`body.${part.fieldname}`]);
    }
    const stored = await storeUpload(ctx, replay(request, part, parts), ownerId, kind, purposes[kind]!);
    return { fields: { ...fields, ...stored.fields }, file: { kind, fileId: stored.fileId } };
  }
}

/**
 * Validates text fields (a form's, or a JSON body read by hand) like the app's validator:
 * a field sent as `""` that fails only because it is blank counts as absent.
 */
export function parseFields<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const first = schema.safeParse(value);
  if (first.success || value === null || typeof value !== 'object' || Array.isArray(value)) return parseOrThrow(schema, value);
  const failed = new Set(first.error.issues.map((issue) => String(issue.path[0] ?? '')));
  const without = Object.fromEntries(Object.entries(value).filter(([key, field]) => !(field === '' && failed.has(key))));
  return schema.safeParse(without).success ? parseOrThrow(schema, without) : parseOrThrow(schema, value);
}
