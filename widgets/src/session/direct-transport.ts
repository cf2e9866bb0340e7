import { httpCall } from '../api/http.js';
import { createLiveConnection, type LiveConnection, type LiveConnectionOptions } from '../live/live-connection.js';
import { createTabSync, type TabSyncOptions } from './tab-sync.js';
import { clearToken, readToken, writeToken } from './token-cookie.js';
import type { PayQuote, Transport, TransportResult } from './transport.js';

export interface DirectTransportOptions {
  /** Where the API is mounted on the origin; default `/api`. */
  apiPrefix?: string;
  /** Default `/socket.io`. */
  socketPath?: string;
  /**
   * Has the fan confirm a money action, shown from the server's quote. The default is the
   * platform's own confirm dialog, the one the bridge shows on third-party pages
   * (bridge/confirm-dialog.ts), in the page's language; never the browser's `confirm()`.
   */
  confirm?: (quote: PayQuote, signal?: AbortSignal) => Promise<boolean>;
  /** Cross-tab propagation of sign-in and sign-out. */
  tabSync?: TabSyncOptions;
  /** Opens the live connection; default socket.io (createLiveConnection). Tests pass a stand-in. */
  createLive?: (options: LiveConnectionOptions) => LiveConnection;
}

/** The same-origin transport; it also drops credentials locally and can be disposed. */
export interface DirectTransport extends Transport {
  readonly kind: 'direct';
  clearCredential(): void;
  /** Closes the live connection and the cross-tab channel. */
  dispose(): void;
}

interface LoginAnswer {
  token?: string;
}

/**
 * The transport for pages on the platform origin (the host site, the bridge iframe):
 * fetch and socket.io-client straight to the server. The token is kept in the `token`
 * cookie the server sets and goes as the raw `Authorization` header on every call
 * (contract section 2). Sign-in and sign-out are announced to the other tabs.
 */
export function createDirectTransport(origin: string, options: DirectTransportOptions = {}): DirectTransport {
  const base = `${origin.replace(/\/+$/, '')}${options.apiPrefix ?? '/api'}`;
  const sync = createTabSync(options.tabSync);
  let live: LiveConnection | null = null;

  const credentialHeader = (): Record<string, string> => {
    const token = readToken();
    return token ? { authorization: token } : {};
  };

  function closeLive(): void {
    live?.close();
    live = null;
  }

  return {
    kind: 'direct',
    origin,

    request(method, path, call = {}) {
      return httpCall({ ...call, method, url: `${base}${path}`, headers: { ...call.headers, ...credentialHeader() } });
    },

    async upload(path, call) {
      // Fetched with the first upload: most pages never send a file.
      const { xhrUpload } = await import('../api/xhr-upload.js');
      return await xhrUpload({ ...call, url: `${base}${path}`, headers: credentialHeader() });
    },

    async login(credentials): Promise<TransportResult<{ token?: string }>> {
      const remember = credentials.remember ?? false;
      const result = await httpCall<LoginAnswer>({
        method: 'POST',
        url: `${base}/auth/login`,
        body: { username: credentials.username, password: credentials.password, remember },
      });
      if (!result.ok) return result;
      const token = typeof result.data?.token === 'string' ? result.data.token : undefined;
      if (!token) return { ok: false, status: result.status, body: result.data };
      // The server's Set-Cookie normally did this already.
      if (readToken() !== token) writeToken(token, remember);
      sync.announce('login');
      return { ok: true, status: result.status, data: { token } };
    },

    async logout() {
      const headers = credentialHeader();
      closeLive();
      // The token is dropped locally even when the server cannot be reached.
      if (headers.authorization) await httpCall({ method: 'POST', url: `${base}/auth/logout`, headers });
      clearToken();
      sync.announce('logout');
    },

    clearCredential() {
      const had = readToken() !== undefined;
      closeLive();
      clearToken();
      if (had) sync.announce('logout');
    },

    hasCredential: () => readToken() !== undefined,

    live() {
      const open = options.createLive ?? createLiveConnection;
      live ??= open({ origin, getToken: readToken, ...(options.socketPath ? { path: options.socketPath } : {}) });
      return live;
    },

    closeLive,

    /** Same rules and outcomes as the bridge's `pay`: quote, confirm that quote, send the same body with the key and the quote. */
    async pay<T>(request: Parameters<Transport['pay']>[0], payOptions: Parameters<Transport['pay']>[1] = {}): Promise<TransportResult<T>> {
      // The money-action table and the confirm texts come with the first payment, not with every page.
      const { directPay } = await import('./direct-pay.js');
      return await directPay<T>(request, payOptions, { base, headers: credentialHeader, confirm: options.confirm ?? siteConfirm });
    },

    /** Same origin: the `token` cookie goes with the page's own <img> and <audio> requests. */
    media: (url) => url,

    onCredentialChange(listener) {
      // The cookie is shared by the tabs, so it is read again rather than trusting the message.
      return sync.subscribe(() => listener(readToken() !== undefined));
    },

    dispose() {
      closeLive();
      sync.close();
    },
  };
}

/** The platform's confirm dialog over the site's own page, in the page's language; loaded with the first payment. */
async function siteConfirm(quote: PayQuote, signal?: AbortSignal): Promise<boolean> {
  const { showConfirmDialog } = await import('../bridge/confirm-dialog.js');
  const locale = document.documentElement.lang || navigator.language;
  return await showConfirmDialog({ quote, locale, guard: false, ...(signal ? { signal } : {}) });
}
