import { STATUS_CODES } from 'node:http';
import type { ErrorBody, ErrorCode } from '@fandeck/contract';

export type { ErrorBody, ErrorCode } from '@fandeck/contract';

/**
 * An error the client caused or may act on; rendered as `{ statusCode, message, error,
 * code }`. `code` is the stable name clients translate (contract `ERROR_CODES`); the
 * message is English for developers.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly fields?: string[],
    readonly fieldCodes?: Record<string, ErrorCode>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (code: ErrorCode, message: string, fields?: string[]) => new HttpError(400, code, message, {}, fields);
/** A form's fields refused, each with its own code (`body.pixKey`: `payouts.pix_cpf_invalid`) and an English line for logs. */
export const invalidFields = (fieldCodes: Record<string, ErrorCode>, message: string) =>
  new HttpError(400, 'request.invalid', message, {}, Object.keys(fieldCodes), fieldCodes);
export const unauthorized = (code: ErrorCode = 'auth.sign_in_required', message = 'Unauthorized') => new HttpError(401, code, message);
export const forbidden = (code: ErrorCode, message = 'Forbidden') => new HttpError(403, code, message);
export const notFound = (code: ErrorCode, message = 'Not found') => new HttpError(404, code, message);
export const conflict = (code: ErrorCode, message: string) => new HttpError(409, code, message);
/** A business rule refused the request (contract section 1). */
export const unprocessable = (code: ErrorCode, message: string) => new HttpError(422, code, message);
export const tooManyRequests = (code: ErrorCode, message: string, retryAfterSeconds: number) =>
  new HttpError(429, code, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export function errorBody(statusCode: number, code: ErrorCode, message: string, fields?: string[], fieldCodes?: Record<string, ErrorCode>): ErrorBody {
  return {
    statusCode,
    message,
    error: STATUS_CODES[statusCode] ?? 'Error',
    code,
    ...(fields?.length ? { fields } : {}),
    ...(fieldCodes && Object.keys(fieldCodes).length > 0 ? { fieldCodes } : {}),
  };
}
