import { ofetch } from 'ofetch';
import type { HttpMethod, RequestOptions, TransportResult } from '../session/transport.js';
import { withQuery } from './query-string.js';

/** Where and how one HTTP call goes; the transport supplies the credential header. */
export interface HttpCall extends RequestOptions {
  method: HttpMethod;
  /** Absolute URL or path of the API endpoint, without the query. */
  url: string;
  credentials?: RequestCredentials;
}

/**
 * One JSON call on ofetch, answered as a TransportResult and never thrown: success
 * unwraps the `{ status: 0, data }` envelope (contract section 1); a failure carries the
 * body the server sent. Retries default to none, so data-list fetches never retry
 * (spec section 8; ofetch alone would retry a failed GET once).
 */
export async function httpCall<T>(call: HttpCall): Promise<TransportResult<T>> {
  try {
    const response = await ofetch.raw<unknown>(withQuery(call.url, call.query), {
      method: call.method,
      headers: { accept: 'application/json', ...call.headers },
      ...(call.body !== undefined && call.method !== 'GET' ? { body: toBody(call.body) } : {}),
      ...(call.signal ? { signal: call.signal } : {}),
      credentials: call.credentials ?? 'same-origin',
      retry: call.retry ?? 0,
      ignoreResponseError: true,
    });
    const payload: unknown = response._data;
    if (response.ok) return { ok: true, status: response.status, data: unwrapEnvelope(payload) as T };
    return { ok: false, status: response.status, body: payload };
  } catch (error) {
    if (call.signal?.aborted) return { ok: false, status: -1, body: undefined };
    return { ok: false, status: 0, body: { message: undefined, cause: describe(error) } };
  }
}

/** `{ status: 0, data }` gives `data`; a body that is not an envelope is passed on as it is. */
export function unwrapEnvelope(payload: unknown): unknown {
  if (typeof payload === 'object' && payload !== null && 'data' in payload && 'status' in payload) {
    return (payload as { data: unknown }).data;
  }
  return payload;
}

function toBody(body: unknown): BodyInit | Record<string, unknown> {
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams || typeof body === 'string') return body;
  // ofetch serialises plain objects and arrays as JSON and sets the content type.
  return body as Record<string, unknown>;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
