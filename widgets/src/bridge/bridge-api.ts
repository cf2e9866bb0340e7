/**
 * API calls the bridge makes for the page, with the token in the Authorization header
 * (never a cookie: `credentials: 'omit'`, so only what the bridge holds counts). Answers
 * are relayed as TransportResult with every trace of the token removed.
 */
import type { HttpMethod, TransportResult } from '../session/transport.js';
import { aborted, unreachable } from './bridge-errors.js';
import { redact } from './bridge-policy.js';
import { isRecord, type UploadEntry } from './protocol.js';

export interface ApiCall {
  method: HttpMethod;
  url: URL;
  token: string | null;
  headers: Record<string, string>;
  body?: unknown;
  /** The body already serialised, sent byte for byte (a `pay` sends the same text to the quote and the action). */
  json?: string;
  signal: AbortSignal;
}

export async function callApi(call: ApiCall): Promise<TransportResult<unknown>> {
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
  if (call.token) headers.authorization = call.token;
  let body: string | undefined;
  if (call.method !== 'GET' && (call.json !== undefined || call.body !== undefined)) {
    headers['content-type'] = 'application/json';
    body = call.json ?? JSON.stringify(call.body);
  }
  let response: Response;
  let text: string;
  try {
    response = await fetch(call.url, {
      method: call.method,
      headers,
      credentials: 'omit',
      cache: 'no-store',
      ...(body !== undefined ? { body } : {}),
      signal: call.signal,
    });
    text = await response.text();
  } catch {
    return call.signal.aborted ? aborted() : unreachable();
  }
  return toResult(response.status, text, call.token);
}

export interface UploadCall {
  url: URL;
  token: string | null;
  headers: Record<string, string>;
  entries: UploadEntry[];
  signal: AbortSignal;
  onProgress: (loaded: number, total: number) => void;
}

/** Multipart upload through XMLHttpRequest, the one browser API that reports upload progress. */
export function uploadApi(call: UploadCall): Promise<TransportResult<unknown>> {
  const form = new FormData();
  for (const entry of call.entries) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string') continue;
    const [name, value] = entry;
    if (typeof value === 'string') form.append(name, value);
    else if (value instanceof File) form.append(name, value, value.name);
    else if (value instanceof Blob) form.append(name, value);
  }
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', call.url.toString());
    xhr.withCredentials = false;
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(call.headers)) xhr.setRequestHeader(name, value);
    if (call.token) xhr.setRequestHeader('authorization', call.token);
    xhr.upload.onprogress = (event) => call.onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onload = () => resolve(toResult(xhr.status, xhr.responseText, call.token));
    xhr.onerror = () => resolve(unreachable());
    xhr.onabort = () => resolve(aborted());
    call.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** The envelope's `data` on success, the error body as sent otherwise; the token never survives. */
export function toResult(status: number, text: string, token: string | null): TransportResult<unknown> {
  const clean = token && text.includes(token) ? text.split(token).join('') : text;
  let parsed: unknown = undefined;
  if (clean) {
    try {
      parsed = JSON.parse(clean);
    } catch {
      parsed = clean;
    }
  }
  parsed = stripToken(redact(parsed, token));
  if (status >= 200 && status < 300) {
    const data = isRecord(parsed) && parsed.status === 0 && 'data' in parsed ? parsed.data : parsed;
    return { ok: true, status, data };
  }
  return { ok: false, status, body: parsed };
}

/** Login-shaped answers (`{ data: { token: '...' } }`) lose the token string whatever its value. */
function stripToken(value: unknown): unknown {
  if (!isRecord(value) || !isRecord(value.data) || typeof value.data.token !== 'string') return value;
  const { token: _dropped, ...data } = value.data;
  return { ...value, data };
}
