import type { HttpMethod, LiveChannel, PayOptions, PayQuote, PayRequest, RequestOptions, Transport, TransportResult } from '../../session/transport.js';
import { fakeQuote, notConfirmed } from '../../session/testing/fake-transport.js';

export { fakeQuote, notConfirmed } from '../../session/testing/fake-transport.js';

/** One canned answer per `METHOD /path`; a function sees the request. */
export type FakeRoutes = Record<string, TransportResult<unknown> | ((options: RequestOptions | undefined) => TransportResult<unknown>)>;

export interface FakeTransportOptions {
  origin?: string;
  routes?: FakeRoutes;
  /** What `login` answers; the default accepts the password `right` only. */
  login?: (credentials: { username: string; password: string; remember?: boolean }) => TransportResult<{ token?: string }>;
  /** Starts signed in. */
  signedIn?: boolean;
  /** Milliseconds each call waits, to see loading states. */
  delayMs?: number;
  /** What a confirmed `pay` of each action answers (`'charge:tip'`, `'topup'`); a function sees the request. */
  pay?: Record<string, TransportResult<unknown> | ((request: PayRequest) => TransportResult<unknown>)>;
  /** The quote shown for a `pay` (default `fakeQuote(request)`), or the error the quote call answers. */
  quote?: (request: PayRequest) => PayQuote | TransportResult<never>;
  /** The fan's answer to the confirm dialog; default yes. */
  confirm?: (quote: PayQuote, request: PayRequest) => boolean;
}

export interface FakeTransport extends Transport {
  /** Every call made, as `METHOD /path`. */
  readonly calls: { method: HttpMethod; path: string; options?: RequestOptions | undefined }[];
  setRoute(key: string, answer: FakeRoutes[string]): void;
  /** Every `pay` call, with the quote shown and the fan's answer (`confirmed` is false when the quote failed). */
  readonly payCalls: { request: PayRequest; options?: PayOptions | undefined; quote: PayQuote | null; confirmed: boolean }[];
  setPay(action: string, answer: NonNullable<FakeTransportOptions['pay']>[string]): void;
}

const idleChannel: LiveChannel = {
  on: () => () => {},
  emit: () => {},
  joinRoom: () => {},
  leaveRoom: () => {},
  onStatus: () => () => {},
};

/**
 * A Transport for element tests: no network, canned answers, and a credential that is a
 * flag. Unknown calls answer 404 like the server would.
 */
export function createFakeTransport(options: FakeTransportOptions = {}): FakeTransport {
  const routes: FakeRoutes = { ...options.routes };
  const listeners = new Set<(has: boolean) => void>();
  let credential = options.signedIn ?? false;
  const wait = () => new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 0));
  const setCredential = (value: boolean) => {
    credential = value;
    for (const listener of listeners) listener(value);
  };
  const calls: FakeTransport['calls'] = [];
  const payCalls: FakeTransport['payCalls'] = [];
  const pays = { ...options.pay };

  return {
    kind: 'direct',
    origin: options.origin ?? 'https://platform.test',
    calls,
    payCalls,
    setRoute(key, answer) {
      routes[key] = answer;
    },
    setPay(action, answer) {
      pays[action] = answer;
    },
    async request<T>(method: HttpMethod, path: string, requestOptions?: RequestOptions) {
      calls.push({ method, path, options: requestOptions });
      await wait();
      const route = routes[`${method} ${path}`];
      const answer = typeof route === 'function' ? route(requestOptions) : route;
      return (answer ?? { ok: false, status: 404, body: { statusCode: 404, message: `Route ${method} ${path} not found` } }) as TransportResult<T>;
    },
    async upload<T>() {
      return { ok: false, status: 501, body: {} } as TransportResult<T>;
    },
    async login(credentials) {
      calls.push({ method: 'POST', path: '/auth/login', options: { body: { username: credentials.username, remember: credentials.remember } } });
      await wait();
      const answer = options.login
        ? options.login(credentials)
        : credentials.password === 'right'
          ? ({ ok: true, status: 200, data: {} } as const)
          : ({ ok: false, status: 422, body: { statusCode: 422, message: 'Incorrect credentials!' } } as const);
      if (answer.ok) setCredential(true);
      return answer;
    },
    async logout() {
      calls.push({ method: 'POST', path: '/auth/logout' });
      await wait();
      setCredential(false);
    },
    hasCredential: () => credential,
    live: () => idleChannel,
    closeLive: () => {},
    async pay<T>(request: PayRequest, payOptions?: PayOptions) {
      await wait();
      const quote = options.quote ? options.quote(request) : fakeQuote(request);
      if (!('quote' in quote)) {
        payCalls.push({ request, options: payOptions, quote: null, confirmed: false });
        return quote;
      }
      const confirmed = options.confirm ? options.confirm(quote, request) : true;
      payCalls.push({ request, options: payOptions, quote, confirmed });
      if (!confirmed) return notConfirmed();
      await wait();
      const answer = pays[request.action];
      const result = typeof answer === 'function' ? answer(request) : answer;
      return (result ?? { ok: false, status: 404, body: { statusCode: 404, code: 'route.not_found', message: `No pay answer for ${request.action}` } }) as TransportResult<T>;
    },
    /** As on the platform's own origin: media links load as they are. */
    media: (url: string) => url,
    onCredentialChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
