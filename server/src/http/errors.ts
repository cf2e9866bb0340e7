import { STATUS_CODES } from 'node:http';

/** An error the client caused or may act on; rendered as `{ statusCode, message, error }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** A business rule refused the request (contract section 1). */
export const unprocessable = (message: string) => new HttpError(422, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export interface ErrorBody {
  statusCode: number;
  message: string;
  error: string;
}

export function errorBody(statusCode: number, message: string): ErrorBody {
  return { statusCode, message, error: STATUS_CODES[statusCode] ?? 'Error' };
}
