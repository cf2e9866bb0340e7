/**
 * The Transport of a third-party page: every call goes through the hidden bridge
 * iframe on the platform origin, which holds the credential. Sign-in opens a popup on
 * the platform origin; money moves only through `pay`, which the bridge quotes, has the
 * fan confirm in its own UI and sends itself.
 * Nothing this object exposes, posts or receives contains the token.
 */
import type { ErrorCode } from '@fandeck/contract';
import type {
  HttpMethod,
  LiveChannel,
  PayOptions,
  PayRequest,
  RequestOptions,
  Transport,
  TransportResult,
  UploadOptions,
} from '../session/transport.js';
import { BridgeFrame, type BridgeFrameOptions, type BridgeState } from './bridge-frame.js';
import { BridgeLiveChannel } from './bridge-live-channel.js';
import { LOGIN_PAGE, type UploadEntry } from './protocol.js';

export type BridgeTransportOptions = BridgeFrameOptions;
export type { BridgeState } from './bridge-frame.js';

export interface BridgeTransport extends Transport {
  readonly kind: 'bridge';
  /** `connecting` until the bridge said `ready`; `failed` with a reason when it never will. */
  readonly state: BridgeState;
  onState(listener: (state: BridgeState) => void): () => void;
  /** Resolves true once the bridge is ready, false when it failed. */
  whenReady(): Promise<boolean>;
  /** Removes the iframe; pending calls answer as unavailable. */
  dispose(): void;
}

/** Contract error codes in `body.code` that only the page side says; views pick their text by code. */
export type BridgeErrorCode = Extract<ErrorCode, 'bridge.unavailable' | 'bridge.popup_blocked' | 'bridge.popup_closed'>;

const bridgeError = (status: number, code: ErrorCode, message: string, error = 'Bridge'): TransportResult<never> => ({
  ok: false,
  status,
  body: { statusCode: status, message, error, code },
});
const unavailable = () => bridgeError(0, 'bridge.unavailable', 'Fandeck is not available on this page');
const cancelled = () => bridgeError(-1, 'request.cancelled', 'The request was cancelled', 'Aborted');

/** Where the platform serves signed media files and live HLS (contract `media.file`, `streaming.hls`, under /api). */
const MEDIA_PATHS = ['/api/media/files/', '/api/streaming/hls/'];

const POPUP_NAME = 'fandeck-login';
const POPUP_WIDTH = 440;
const POPUP_HEIGHT = 640;
/** After the popup closes, how long a late "signed in" may still arrive. */
const POPUP_CLOSE_GRACE_MS = 1000;

export function createBridgeTransport(options: BridgeTransportOptions): BridgeTransport {
  const frame = new BridgeFrame(options);
  let live: BridgeLiveChannel | null = null;
  // Pays under way; the frame stays uncovered until the last ends (a refused second pay must not hide the first's dialog).
  let paying = 0;

  function forward<T>(
    call: Parameters<BridgeFrame['call']>[0],
    signal: AbortSignal | undefined,
    onProgress?: (loaded: number, total: number) => void,
  ): Promise<TransportResult<T>> {
    if (signal?.aborted) return Promise.resolve(cancelled());
    const { id, result } = frame.call<TransportResult<T>>(call, unavailable(), onProgress);
    if (signal) {
      const onAbort = () => {
        frame.notify({ type: 'abort', target: id });
        frame.settle(id, cancelled());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      void result.finally(() => signal.removeEventListener('abort', onAbort));
    }
    return result;
  }

  function loginUrl(nonce: string): string {
    const url = new URL(LOGIN_PAGE, frame.origin);
    url.searchParams.set('nonce', nonce);
    url.searchParams.set('locale', options.locale ?? (document.documentElement.lang || navigator.language || ''));
    return url.toString();
  }

  const transport: BridgeTransport = {
    kind: 'bridge',
    get origin() {
      return frame.origin;
    },
    get state() {
      return frame.state;
    },

    request<T>(method: HttpMethod, path: string, requestOptions: RequestOptions = {}) {
      const { query, body, headers, signal } = requestOptions;
      return forward<T>({ type: 'request', method, path, ...(query ? { query } : {}), ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) }, signal);
    },

    upload<T>(path: string, { form, signal, onProgress }: UploadOptions) {
      const entries: UploadEntry[] = [];
      form.forEach((value, name) => entries.push([name, value]));
      return forward<T>({ type: 'upload', path, entries }, signal, onProgress);
    },

    /**
     * Opens the platform's sign-in popup; call it from a click handler so the browser
     * allows the popup. The credentials argument is ignored on purpose: a third-party
     * page never handles the fan's password.
     */
    login() {
      if (frame.state.status === 'failed') return Promise.resolve(unavailable());
      const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
      const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 3));
      const features = `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
      // Opened synchronously, inside the click: a later open would be blocked.
      const popup = window.open(frame.nonce ? loginUrl(frame.nonce) : 'about:blank', POPUP_NAME, features);
      if (!popup) return Promise.resolve(bridgeError(0, 'bridge.popup_blocked', 'The browser blocked the sign-in window'));
      if (!frame.nonce) {
        void frame.whenReady().then((ready) => {
          if (ready && frame.nonce) popup.location.replace(loginUrl(frame.nonce));
          else popup.close();
        });
      }
      return new Promise<TransportResult<{ token?: string }>>((resolve) => {
        let settled = false;
        let closedAt = 0;
        const finish = (result: TransportResult<{ token?: string }>) => {
          if (settled) return;
          settled = true;
          offCredential();
          offState();
          clearInterval(watch);
          resolve(result);
        };
        const offCredential = frame.onCredential((signedIn) => {
          if (signedIn) finish({ ok: true, status: 200, data: {} });
        });
        const offState = frame.onState((state) => {
          if (state.status === 'failed') finish(unavailable());
        });
        const watch = setInterval(() => {
          if (!popup.closed) return;
          closedAt ||= Date.now();
          if (Date.now() - closedAt >= POPUP_CLOSE_GRACE_MS) finish(bridgeError(0, 'bridge.popup_closed', 'The sign-in window was closed'));
        }, 250);
      });
    },

    async logout() {
      await frame.call({ type: 'logout' }, { ok: true }).result;
    },

    hasCredential: () => frame.signedIn,

    live(): LiveChannel {
      live ??= new BridgeLiveChannel(frame);
      return live;
    },

    closeLive() {
      live?.close();
      live = null;
    },

    /**
     * One money action, quoted, confirmed and sent by the bridge itself (bridge-pay.ts):
     * the page only hands over the request and lets the bridge's frame cover the window
     * while its dialog may be up. Aborting closes the dialog unconfirmed.
     */
    async pay<T>(request: PayRequest, payOptions: PayOptions = {}) {
      if (!(await frame.whenReady())) return unavailable();
      paying += 1;
      frame.setOverlay(true);
      try {
        return await forward<T>({ type: 'pay', request }, payOptions.signal);
      } finally {
        paying -= 1;
        if (paying === 0) frame.setOverlay(false);
      }
    },

    /**
     * A platform media link through the bridge, which alone holds the credential the link
     * needs; other links (public files, other hosts) are the page's to load as they are.
     */
    media(url: string, signal?: AbortSignal) {
      if (!MEDIA_PATHS.some((path) => url.startsWith(`${frame.origin}${path}`))) return url;
      return forward<Blob>({ type: 'media', path: url }, signal).then((result) => (result.ok && result.data instanceof Blob ? result.data : null));
    },

    onCredentialChange: (listener) => frame.onCredential(listener),
    onState: (listener) => frame.onState(listener),
    whenReady: () => frame.whenReady(),
    dispose: () => {
      live?.close();
      live = null;
      frame.dispose();
    },
  };
  return transport;
}
