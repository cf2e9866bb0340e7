import type { TransportResult, UploadOptions } from '../session/transport.js';
import { unwrapEnvelope } from './http.js';

/** One multipart upload: where it goes and which headers (the credential) it carries. */
export interface XhrUploadCall extends UploadOptions {
  url: string;
  headers?: Record<string, string>;
  method?: 'POST' | 'PUT';
  withCredentials?: boolean;
}

/**
 * A multipart upload through XMLHttpRequest, the one browser API that reports upload
 * progress. Never throws: success unwraps the envelope; a failure carries the response
 * body as the server sent it (spec section 8, "rejects with the response body"); an
 * abort through `signal` answers status -1, a network failure status 0.
 */
export function xhrUpload<T>(call: XhrUploadCall): Promise<TransportResult<T>> {
  return new Promise((resolve) => {
    if (call.signal?.aborted) {
      resolve({ ok: false, status: -1, body: undefined });
      return;
    }
    const xhr = new XMLHttpRequest();
    let settled = false;
    const settle = (result: TransportResult<T>) => {
      if (settled) return;
      settled = true;
      call.signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const onAbort = () => xhr.abort();

    xhr.open(call.method ?? 'POST', call.url);
    xhr.withCredentials = call.withCredentials ?? false;
    xhr.responseType = 'text';
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(call.headers ?? {})) xhr.setRequestHeader(name, value);

    if (call.onProgress) {
      const report = call.onProgress;
      xhr.upload.addEventListener('progress', (event) => {
        report(event.loaded, event.lengthComputable ? event.total : 0);
      });
    }
    xhr.addEventListener('load', () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) settle({ ok: true, status: xhr.status, data: unwrapEnvelope(body) as T });
      else settle({ ok: false, status: xhr.status, body });
    });
    xhr.addEventListener('abort', () => settle({ ok: false, status: -1, body: undefined }));
    xhr.addEventListener('error', () => settle({ ok: false, status: 0, body: undefined }));
    xhr.addEventListener('timeout', () => settle({ ok: false, status: 0, body: undefined }));
    call.signal?.addEventListener('abort', onAbort, { once: true });

    xhr.send(call.form);
  });
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
