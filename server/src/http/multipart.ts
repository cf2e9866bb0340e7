import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors.js';

export interface UploadedPart {
  field: string;
  filename: string;
  declaredType: string;
  data: Buffer;
}

/**
 * Reads a whole multipart body: text fields into an object, files into buffers under the
 * upload limit. Unknown file fields are refused so nothing is stored by accident.
 */
export async function readMultipart(request: FastifyRequest, fileFields: readonly string[]) {
  if (!request.isMultipart()) throw new HttpError(415, 'request.unsupported_media_type', 'The body must be multipart/form-data');
  const fields: Record<string, string> = {};
  const files: UploadedPart[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!fileFields.includes(part.fieldname)) {
          part.file.resume();
          throw badRequest('request.unexpected_file', `body.${part.fieldname}: unexpected file field`, [`body.${part.fieldname}`]);
        }
        const data = await part.toBuffer();
        files.push({ field: part.fieldname, filename: part.filename, declaredType: part.mimetype, data });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'request.body_too_large', 'The file is larger than the upload limit');
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw badRequest('request.malformed_multipart', 'body: malformed multipart data');
  }
  return { fields, files };
}
