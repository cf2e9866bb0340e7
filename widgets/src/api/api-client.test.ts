import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { i18n, setLocale } from '../i18n/index.js';
import { createDirectTransport, type DirectTransport } from '../session/direct-transport.js';
import { createFakeLiveChannel } from '../session/testing/fake-transport.js';
import { clearToken, readToken } from '../session/token-cookie.js';
import { createApiClient, loginPath, type ApiClient } from './api-client.js';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let transport: DirectTransport;
let api: ApiClient;
let navigations: { from: string; status: number }[];
let lost: number;
let fetchSpy: MockInstance<typeof fetch>;

function requestOf(index: number): { url: string; init: RequestInit | undefined } {
  const [input, init] = fetchSpy.mock.calls[index] ?? [];
  const url = input instanceof Request ? input.url : String(input);
  return { url, init };
}

function headerOf(index: number, name: string): string | null {
  const { init } = requestOf(index);
  return new Headers(init?.headers).get(name);
}

beforeEach(async () => {
  await setLocale('pt-BR');
  document.cookie = 'token=tok-1; path=/';
  transport = createDirectTransport(location.origin, { createLive: () => createFakeLiveChannel() });
  navigations = [];
  lost = 0;
  api = createApiClient({
    transport,
    onUnauthorized: (from, status) => navigations.push({ from, status }),
    onCredentialLost: () => (lost += 1),
    currentPath: () => '/creator/ana?tab=videos',
  });
  fetchSpy = vi.spyOn(globalThis, 'fetch');
});

afterEach(() => {
  vi.restoreAllMocks();
  transport.dispose();
  clearToken();
});

describe('api client over the direct transport (fetch)', () => {
  it('sends the raw token, repeats array keys and unwraps the envelope', async () => {
    fetchSpy.mockResolvedValue(json(200, { status: 0, data: { _id: 'u1' } }));
    const outcome = await api.get<{ _id: string }>('/users/search', { ids: ['a', 'b'], q: 'ana' });
    expect(outcome).toEqual({ ok: true, value: { _id: 'u1' } });
    expect(requestOf(0).url).toBe(`${location.origin}/api/users/search?ids=a&ids=b&q=ana`);
    expect(headerOf(0, 'authorization')).toBe('tok-1');
  });

  it('reads a list from data and total', async () => {
    fetchSpy.mockResolvedValue(json(200, { status: 0, data: { data: [{ _id: 'a' }, { _id: 'b' }], total: 40 } }));
    const outcome = await api.list<{ _id: string }>('/performers/search', { offset: 0, limit: 2 });
    expect(outcome).toEqual({ ok: true, value: { data: [{ _id: 'a' }, { _id: 'b' }], total: 40 } });
  });

  it('never retries a failed data-list fetch, and shows the text of a 500 by its code', async () => {
    fetchSpy.mockResolvedValue(json(500, { statusCode: 500, code: 'server.error', message: 'Something went wrong, please try again later', error: 'Internal Server Error' }));
    const outcome = await api.list('/performers/search');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.status).toBe(500);
    expect(outcome.error.code).toBe('server.error');
    expect(outcome.error.message).toBe('Algo deu errado do nosso lado. Tente novamente mais tarde.');
    expect(readToken()).toBe('tok-1');
    expect(navigations).toEqual([]);
  });

  it('a 500 without a body gives the generic text of its status; a refusal carries its code, its text and the body', async () => {
    fetchSpy.mockResolvedValueOnce(new Response('', { status: 500 }));
    const bare = await api.get('/wallet');
    expect(!bare.ok && bare.error).toMatchObject({ code: null, message: 'Algo deu errado, tente novamente mais tarde' });

    const refusal = { statusCode: 422, code: 'wallet.insufficient_balance', message: 'Not enough balance (server wording)', error: 'Unprocessable Entity' };
    fetchSpy.mockResolvedValueOnce(json(422, refusal));
    const refused = await api.post('/wallet/charges/tip/c1', { amount: 10 });
    expect(refused).toEqual({
      ok: false,
      error: { status: 422, code: 'wallet.insufficient_balance', message: 'Saldo insuficiente. Recarregue sua carteira.', body: refusal },
    });
    expect(JSON.parse(String(requestOf(1).init?.body))).toEqual({ amount: 10 });
  });

  it.each([
    [401, 'auth.sign_in_required', 'Entre para continuar.'],
    [403, 'auth.permission_denied', 'Ação não autorizada ou proibida!'],
  ])('%d clears the token, navigates to login from the current path and shows the text of its code', async (status, code, text) => {
    const body = { statusCode: status, code, message: 'Sign in first', error: status === 401 ? 'Unauthorized' : 'Forbidden' };
    fetchSpy.mockResolvedValue(json(status, body));
    const outcome = await api.get('/users/me');
    expect(outcome).toEqual({ ok: false, error: { status, code, message: text, body } });
    expect(readToken()).toBeUndefined();
    expect(lost).toBe(1);
    expect(navigations).toEqual([{ from: '/creator/ana?tab=videos', status }]);
  });

  it.each(['blocks.blocked', 'content.locked', 'performers.not_verified', 'request.cross_site'])(
    'a 403 %s is the action\'s answer, in its own words: the user stays signed in where they were (issue 21)',
    async (code) => {
      const body = { statusCode: 403, code, message: 'Refused (server wording)', error: 'Forbidden' };
      fetchSpy.mockResolvedValue(json(403, body));
      const outcome = await api.post('/performer/feeds', { text: 'my paid post', price: 10 });
      expect(!outcome.ok && outcome.error).toMatchObject({ status: 403, code, body });
      const text = i18n.t(`errors.${code}`, { defaultValue: '' });
      expect(text).not.toBe('');
      expect(!outcome.ok && outcome.error.message).toBe(text);
      expect(readToken()).toBe('tok-1');
      expect(lost).toBe(0);
      expect(navigations).toEqual([]);
    },
  );

  it.each([
    ['an inactive account', { statusCode: 403, code: 'auth.account_inactive', message: 'This account is inactive', error: 'Forbidden' }],
    ['no code at all', { statusCode: 403, message: 'This account is inactive', error: 'Forbidden' }],
    ['a code no client knows the shape of', { statusCode: 403, code: 'Not A Code', message: 'Forbidden' }],
  ])('a 403 with %s still refuses the credential: it signs out to login', async (_what, body) => {
    fetchSpy.mockResolvedValue(json(403, body));
    await api.get('/users/me');
    expect(readToken()).toBeUndefined();
    expect(lost).toBe(1);
    expect(navigations).toEqual([{ from: '/creator/ana?tab=videos', status: 403 }]);
  });

  it('a failure code the caller expects is an answer: its code and body, no text, and the option stays with the client', async () => {
    const body = { status: 404, code: 'streaming.not_found', message: 'Stream not found' };
    fetchSpy.mockResolvedValue(json(404, body));
    const request = vi.spyOn(transport, 'request');
    const outcome = await api.get('/streaming/join/ana', undefined, { expected: ['streaming.offline', 'streaming.not_found'] });
    expect(outcome).toEqual({ ok: false, error: { status: 404, code: 'streaming.not_found', message: '', body } });
    expect(request.mock.calls[0]?.[2]).not.toHaveProperty('expected');
    // Any other code is still a failure to show, with its text.
    fetchSpy.mockResolvedValue(json(404, { status: 404, code: 'performers.not_found', message: 'Not found' }));
    const other = await api.get('/streaming/join/ana', undefined, { expected: ['streaming.not_found'] });
    expect(other.ok ? '' : other.error.message).not.toBe('');
  });

  it('a start-up check may drop the token without navigating, and a revoked sign-out may ignore the 401', async () => {
    fetchSpy.mockImplementation(async () => json(401, { statusCode: 401, message: 'Expired', error: 'Unauthorized' }));
    await api.get('/users/me', undefined, { unauthorized: 'clear' });
    expect(readToken()).toBeUndefined();
    expect(navigations).toEqual([]);

    document.cookie = 'token=tok-2; path=/';
    await api.post('/auth/logout', undefined, { unauthorized: 'ignore' });
    expect(readToken()).toBe('tok-2');
    expect(lost).toBe(1);
  });

  it('the default navigation target is /auth/login?redirectFrom=<path>; the host may replace the hook', async () => {
    expect(loginPath('/home?tab=1')).toBe('/auth/login?redirectFrom=%2Fhome%3Ftab%3D1');
    fetchSpy.mockImplementation(async () => json(403, {}));
    const hook = vi.fn();
    api.setOnUnauthorized(hook);
    await api.get('/users/me');
    expect(hook).toHaveBeenCalledWith('/creator/ana?tab=videos', 403);
    expect(navigations).toEqual([]);
  });

  it('does not navigate to the login page from the login page', async () => {
    const onLogin = createApiClient({ transport, onUnauthorized: (from, status) => navigations.push({ from, status }), currentPath: () => '/auth/login?redirectFrom=%2Fhome' });
    fetchSpy.mockResolvedValue(json(401, {}));
    const outcome = await onLogin.get('/users/me');
    // No code in the body: the status says sign in again.
    expect(!outcome.ok && outcome.error).toMatchObject({ code: 'auth.sign_in_required', message: 'Entre para continuar.' });
    expect(readToken()).toBeUndefined();
    expect(navigations).toEqual([]);
  });

  it('a network failure is status 0, network.unreachable; a cancelled call is status -1, request.cancelled', async () => {
    fetchSpy.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const offline = await api.get('/users/me');
    expect(offline.ok).toBe(false);
    if (!offline.ok) {
      expect(offline.error.status).toBe(0);
      expect(offline.error.code).toBe('network.unreachable');
      expect(offline.error.message).toBe('Sem conexão com o Fandeck. Verifique sua internet e tente novamente.');
    }
    expect(readToken()).toBe('tok-1');

    const controller = new AbortController();
    fetchSpy.mockImplementationOnce(
      (_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const pending = api.get('/users/me', undefined, { signal: controller.signal });
    controller.abort();
    const cancelled = await pending;
    expect(!cancelled.ok && cancelled.error).toMatchObject({ status: -1, code: 'request.cancelled', message: 'Ação cancelada.' });
  });

  it('names the field at fault of a validation error, and never shows the server\'s English', async () => {
    const invalid = { statusCode: 400, code: 'request.invalid', message: 'body.price: Too small: expected number to be >=1', error: 'Bad Request', fields: ['body.price'] };
    fetchSpy.mockResolvedValueOnce(json(400, invalid));
    const one = await api.post('/wallet/charges/tip/c1', { price: 0 });
    expect(!one.ok && one.error).toMatchObject({ code: 'request.invalid', message: 'Confira o campo “price”.' });

    fetchSpy.mockResolvedValueOnce(json(400, { ...invalid, fields: ['body.price', 'query.limit'] }));
    const two = await api.post('/wallet/charges/tip/c1', { price: 0 });
    expect(!two.ok && two.error.message).toBe('Confira os campos: price, limit.');

    // A code this client has no text for yet: kept as the code, shown by the status's generic text, never the message.
    fetchSpy.mockResolvedValueOnce(json(422, { statusCode: 422, code: 'auctions.bid_too_low', message: 'Bid too low', error: 'Unprocessable Entity' }));
    const unknown = await api.post('/auctions/a1/bids', { amount: 1 });
    expect(!unknown.ok && unknown.error).toMatchObject({ code: 'auctions.bid_too_low', message: 'Ocorreu um erro, tente novamente mais tarde' });
  });

  it('says it in the active language, loading that locale\'s error texts only', async () => {
    await setLocale('es');
    fetchSpy.mockResolvedValueOnce(json(422, { statusCode: 422, code: 'coupons.expired', message: 'Coupon expired', error: 'Unprocessable Entity' }));
    const outcome = await api.post('/coupons/check', { code: 'X' });
    expect(!outcome.ok && outcome.error.message).toBe('Este cupón caducó.');
    expect(i18n.hasResourceBundle('en', 'errors')).toBe(false);
  });
});
