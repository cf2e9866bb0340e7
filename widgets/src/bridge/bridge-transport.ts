/**
 * The Transport of a third-party page: every call goes through the hidden bridge
 * iframe on the platform origin, which holds the credential. Sign-in opens a popup on
 * the platform origin; money-moving actions are confirmed in the bridge's own UI.
 * Nothing this object exposes, posts or receives contains the token.
 */
import type {
  ConfirmRequest,
  HttpMethod,
  LiveChannel,
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

/** Error codes in `body.code`, for views to pick a text (`embed.*` keys). */
export type BridgeErrorCode = 'bridge-unavailable' | 'popup-blocked' | 'popup-closed';

const bridgeError = (status: number, code: BridgeErrorCode, message: string): TransportResult<never> => ({
  ok: false,
  status,
  body: { statusCode: status, message, error: 'Bridge', code },
});
const unavailable = () => bridgeError(0, 'bridge-unavailable', 'Fandeck is not available on this page');
const cancelled = (): TransportResult<never> => ({ ok: false, status: -1, body: { statusCode: -1, message: 'The request was cancelled', error: 'Aborted' } });

const POPUP_NAME = 'fandeck-login';
const POPUP_WIDTH = 440;
const POPUP_HEIGHT = 640;
/** After the popup closes, how long a late "signed in" may still arrive. */
const POPUP_CLOSE_GRACE_MS = 1000;

export function createBridgeTransport(options: BridgeTransportOptions): BridgeTransport {
  const frame = new BridgeFrame(options);
  let live: BridgeLiveChannel | null = null;

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
      if (!popup) return Promise.resolve(bridgeError(0, 'popup-blocked', 'The browser blocked the sign-in window'));
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
          if (Date.now() - closedAt >= POPUP_CLOSE_GRACE_MS) finish(bridgeError(0, 'popup-closed', 'The sign-in window was closed'));
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

    async confirm(request: ConfirmRequest) {
      if (!(await frame.whenReady())) return false;
      // The bridge draws the dialog; the page only lets its frame cover the window meanwhile.
      frame.setOverlay(true);
      try {
        const answer = await frame.call({ type: 'confirm', request }, { confirmed: false }).result;
        return answer.confirmed === true;
      } finally {
        frame.setOverlay(false);
      }
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
