/**
 * What the bridge sends for a page's plain call, seen at its `fetch`: on an owner or a
 * page-scoped route the page-origin header holds the origin the browser reported with the
 * page's message, never what the page wrote into its headers; other routes carry no such header.
 */
import { PAGE_ORIGIN_HEADER } from '@fandeck/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BridgeHost } from './bridge-host.js';
import { PAGE_CHANNEL } from './protocol.js';

const embedder = 'https://partner.example';
const token = 'bridge-test-token-0123456789';
const CREDENTIAL_KEY = 'fandeck.bridge.credential';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
}

describe('the bridge host', () => {
  const sent: Sent[] = [];
  let nextId = 1;

  beforeAll(() => {
    sessionStorage.setItem(CREDENTIAL_KEY, JSON.stringify({ token, remember: false }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL | string, init: RequestInit = {}) => {
        sent.push({ url: String(url), method: init.method ?? 'GET', headers: { ...(init.headers as Record<string, string>) } });
        return new Response(JSON.stringify({ status: 0, data: {} }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    new BridgeHost({ embedder, platformOrigin: location.origin, locale: 'pt-BR' }).start();
  });

  afterAll(() => {
    vi.unstubAllGlobals();
    sessionStorage.removeItem(CREDENTIAL_KEY);
  });

  beforeEach(() => {
    sent.length = 0;
  });

  /** A page's request as the bridge receives it: `origin` is what the browser says about the sender. */
  function post(origin: string, method: string, path: string, headers?: Record<string, string>): void {
    const data = { channel: PAGE_CHANNEL, id: nextId++, type: 'request', method, path, ...(headers ? { headers } : {}) };
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: window.parent }));
  }
  /** The one request the bridge sent for the embedder's call. */
  async function pageAsks(method: string, path: string, headers?: Record<string, string>): Promise<Sent> {
    post(embedder, method, path, headers);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    return sent[0]!;
  }

  it("puts the page's reported origin on an owner route, over whatever the page claimed", async () => {
    const request = await pageAsks('GET', '/performer/earning/stats', {
      [PAGE_ORIGIN_HEADER]: 'https://creator.example',
      'X-Fandeck-Page-Origin': 'https://creator.example',
      'accept-language': 'es',
    });
    expect(request.url).toBe(`${location.origin}/api/performer/earning/stats`);
    expect(request.headers[PAGE_ORIGIN_HEADER]).toBe(embedder);
    expect(request.headers['X-Fandeck-Page-Origin']).toBeUndefined();
    expect(request.headers['accept-language']).toBe('es');
    expect(request.headers.authorization).toBe(token);
  });

  it("puts the page's reported origin on a page-scoped route (the fan's private conversations)", async () => {
    const request = await pageAsks('GET', '/messages/conversations/abc', { [PAGE_ORIGIN_HEADER]: 'https://creator.example' });
    expect(request.url).toBe(`${location.origin}/api/messages/conversations/abc`);
    expect(request.headers[PAGE_ORIGIN_HEADER]).toBe(embedder);
  });

  it('sends no page-origin header on other embed routes, even when the page wrote one', async () => {
    const request = await pageAsks('GET', '/users/me', { [PAGE_ORIGIN_HEADER]: embedder });
    expect(request.url).toBe(`${location.origin}/api/users/me`);
    expect(Object.keys(request.headers).map((name) => name.toLowerCase())).not.toContain(PAGE_ORIGIN_HEADER);
  });

  it('acts on no message from another origin, owner route or not', async () => {
    post('https://hostile.example', 'GET', '/performer/earning/stats');
    post(`${embedder}.hostile.example`, 'GET', '/performer/earning/stats');
    // Messages are read in order: once the embedder's later call went out, the others had their turn.
    const request = await pageAsks('GET', '/performer/earning/search');
    expect(request.url).toBe(`${location.origin}/api/performer/earning/search`);
    expect(request.headers[PAGE_ORIGIN_HEADER]).toBe(embedder);
  });
});
