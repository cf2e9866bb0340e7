import { readToken } from './token-cookie.js';

/** A failed call: the HTTP status and the server's message, when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** 401 and 403 send the client back to the login page (spec section 2). */
  get unauthorized(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

export interface ApiCallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Defaults to the token cookie. */
  token?: string | undefined;
  signal?: AbortSignal;
}

/**
 * Calls /api with the token header and unwraps the `{ status: 0, data }` envelope.
 * A stopgap until the widgets' session runtime owns the transport.
 */
export async function apiCall<T>(path: string, options: ApiCallOptions = {}): Promise<T> {
  const token = options.token ?? readToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`/api${path}`, {
    method: options.method ?? 'GET',
    headers,
    credentials: 'include',
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, messageOf(body) ?? response.statusText, body);
  return (isRecord(body) && 'data' in body ? body.data : body) as T;
}

function messageOf(body: unknown): string | undefined {
  return isRecord(body) && typeof body.message === 'string' && body.message ? body.message : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
