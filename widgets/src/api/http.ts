import type { HttpMethod, RequestOptions, TransportResult } from '../session/transport.js';
import { withQuery } from './query-string.js';

/** Where and how one HTTP call goes; the transport supplies the credential header. */
export interface HttpCall extends RequestOptions {
  method: HttpMethod;
  /** Absolute URL or path of the API endpoint, without the query. */
  url: string;
  credentials?: RequestCredentials;
}

/** Statuses worth asking again when a caller allows retries (ofetch's list, which this replaced). */
const RETRIED = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/**
 * One JSON call on the browser's fetch, answered as a TransportResult and never thrown:
 * success unwraps the `{ status: 0, data }` envelope (contract section 1); a failure
 * carries the body the server sent. Retries default to none, so data-list fetches never
 * retry (spec section 8).
 */
export async function httpCall<T>(call: HttpCall): Promise<TransportResult<T>> {
  const { body, json } = toBody(call.body, call.method);
  const init: RequestInit = {
    method: call.method,
    headers: { accept: 'application/json', ...(json ? { 'content-type': 'application/json' } : {}), ...call.headers },
    ...(body !== undefined ? { body } : {}),
    ...(call.signal ? { signal: call.signal } : {}),
    credentials: call.credentials ?? 'same-origin',
  };
  for (let attemptsLeft = Math.max(0, call.retry ?? 0); ; attemptsLeft -= 1) {
    try {
      const response = await fetch(withQuery(call.url, call.query), init);
      if (!response.ok && attemptsLeft > 0 && RETRIED.has(response.status)) continue;
      const payload = await readBody(response);
      if (response.ok) return { ok: true, status: response.status, data: unwrapEnvelope(payload) as T };
      return { ok: false, status: response.status, body: payload };
    } catch (error) {
      if (call.signal?.aborted) return { ok: false, status: -1, body: undefined };
      if (attemptsLeft > 0) continue;
      return { ok: false, status: 0, body: { message: undefined, cause: describe(error) } };
    }
  }
}

/** JSON when the server says so (or it looks like JSON), else the text; nothing for an empty body. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || /^\s*[[{"]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** `{ status: 0, data }` gives `data`; a body that is not an envelope is passed on as it is. */
export function unwrapEnvelope(payload: unknown): unknown {
  if (typeof payload === 'object' && payload !== null && 'data' in payload && 'status' in payload) {
    return (payload as { data: unknown }).data;
  }
  return payload;
}

/** Form data, blobs, search params and strings go as they are; anything else as JSON. */
function toBody(body: unknown, method: HttpMethod): { body?: BodyInit; json: boolean } {
  if (body === undefined || method === 'GET') return { json: false };
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams || typeof body === 'string') return { body, json: false };
  return { body: JSON.stringify(body), json: true };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
