import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/index.js';
import { createDirectTransport, type DirectTransport } from '../session/direct-transport.js';
import { createFakeLiveChannel } from '../session/testing/fake-transport.js';
import { clearToken } from '../session/token-cookie.js';
import { createApiClient, type ApiClient } from './api-client.js';
import { UPLOAD_TEST_PREFIX } from './testing/upload-test-server.js';
import { xhrUpload } from './xhr-upload.js';

const MB = 1024 * 1024;

function formWith(bytes: number): FormData {
  const form = new FormData();
  form.append('name', 'clip');
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), 'clip.bin');
  return form;
}

let transport: DirectTransport;
let api: ApiClient;

beforeEach(async () => {
  await setLocale('pt-BR');
  document.cookie = 'token=tok-upload; path=/';
  // The test server answers uploads under UPLOAD_TEST_PREFIX (vitest.config.ts).
  transport = createDirectTransport(location.origin, { apiPrefix: UPLOAD_TEST_PREFIX, createLive: () => createFakeLiveChannel() });
  api = createApiClient({ transport, onUnauthorized: () => undefined });
});

afterEach(() => {
  transport.dispose();
  clearToken();
});

describe('uploads (XMLHttpRequest)', () => {
  it('reports progress up to the whole body, sends the token and answers the envelope data', async () => {
    const progress: [number, number][] = [];
    const outcome = await api.upload<{ bytes: number; authorization: string | null }>('/upload/ok', {
      form: formWith(4 * MB),
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.value.bytes).toBeGreaterThan(4 * MB);
    expect(outcome.value.authorization).toBe('tok-upload');
    expect(progress.length).toBeGreaterThan(0);
    const [lastLoaded, total] = progress.at(-1) ?? [0, 0];
    expect(total).toBeGreaterThan(4 * MB);
    expect(lastLoaded).toBe(total);
    for (let i = 1; i < progress.length; i++) expect(progress[i]?.[0]).toBeGreaterThanOrEqual(progress[i - 1]?.[0] ?? 0);
  });

  it('a refused upload answers with the response body, its code and the code\'s text', async () => {
    const outcome = await api.upload('/upload/fail', { form: formWith(1024) });
    const body = { statusCode: 422, code: 'request.body_too_large', message: 'The file is too large', error: 'Unprocessable Entity' };
    expect(outcome).toEqual({
      ok: false,
      error: { status: 422, code: 'request.body_too_large', message: 'O arquivo é maior que o limite permitido.', body },
    });
  });

  it('an upload cancelled before it starts never leaves the page', async () => {
    const controller = new AbortController();
    controller.abort();
    const outcome = await api.upload('/upload/ok', { form: formWith(1024), signal: controller.signal });
    expect(outcome).toEqual({ ok: false, error: { status: -1, code: 'request.cancelled', message: 'Ação cancelada.', body: undefined } });
  });

  it('the user may cancel an upload under way', async () => {
    const controller = new AbortController();
    const progress: number[] = [];
    // The stall endpoint reads nothing, so the upload cannot finish before the cancel.
    const outcome = await xhrUpload({
      url: `${location.origin}${UPLOAD_TEST_PREFIX}/upload/stall`,
      form: formWith(64 * MB),
      signal: controller.signal,
      onProgress: (loaded) => {
        progress.push(loaded);
        controller.abort();
      },
    });
    expect(outcome).toEqual({ ok: false, status: -1, body: undefined });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]).toBeLessThan(64 * MB);
  });
});
