/**
 * The bridge's side of the protocol, running in the hidden iframe on the platform
 * origin once the embedding origin was verified (bridge-main.ts). It answers only the
 * parent window, only from that origin, and posts only to that origin. The sign-in
 * popup reaches it on the platform origin with the nonce it handed out; the token it
 * brings stays here.
 */
import type { LiveStatus, TransportResult } from '../session/transport.js';
import { callApi, toResult, uploadApi } from './bridge-api.js';
import { aborted, bridgeError, refused, unreachable } from './bridge-errors.js';
import { BridgeCredential } from './bridge-credential.js';
import type { BridgeLive } from './bridge-live.js';
import type { PayDesk } from './bridge-pay.js';
import { allowedCall, callHeaders, type AllowedCall } from './bridge-policy.js';
import { PageScope } from './bridge-scope.js';
import {
  newNonce,
  PAGE_CHANNEL,
  POPUP_CHANNEL,
  PROTOCOL_VERSION,
  readPageMessage,
  readPopupMessage,
  type BridgeMessage,
  type PageMessage,
  type PopupMessage,
} from './protocol.js';

export interface BridgeHostOptions {
  /** The verified origin of the page that embeds the bridge. */
  embedder: string;
  platformOrigin: string;
  locale: string;
}

type Outgoing = BridgeMessage extends infer M ? (M extends { channel: string } ? Omit<M, 'channel'> : never) : never;

export class BridgeHost {
  private readonly credential = new BridgeCredential();
  /** What the page was shown, and so may hear about on the live connection. */
  private readonly scope = new PageScope();
  /**
   * The live relay, loaded with the page's first live message (`live-open` comes once a fan is
   * signed in): a signed-out page never fetches it. Messages wait on it in their order.
   */
  private live: Promise<BridgeLive> | null = null;
  private readonly running = new Map<number, AbortController>();
  /** Made with the first `pay`: the money-action table and the confirm dialog load only then. */
  private desk: Promise<PayDesk> | null = null;
  /** Loaded with the first `media` call, with the route table its check needs. */
  private mediaRules: Promise<typeof import('./bridge-media.js')> | null = null;
  /** Ends an open confirm dialog when the credential changes: the fan who was asked may not be the one signed in. */
  private credentialEpoch = new AbortController();
  private nonce = newNonce();
  private popup: MessageEventSource | null = null;

  constructor(private readonly options: BridgeHostOptions) {
    // First of all who hear of a new credential: nothing the page was shown for the last fan counts.
    this.credential.onChange(() => this.scope.forget());
  }

  /** Runs `use` on the live relay, loading it first when `load` (a message that needs it). */
  private withLive(use: (live: BridgeLive) => void, load = true): void {
    if (!this.live && load) {
      this.live = import('./bridge-live.js').then(
        ({ BridgeLive }) =>
          new BridgeLive(
            this.options.platformOrigin,
            this.credential,
            {
              status: (status: LiveStatus) => this.post({ type: 'live-status', status }),
              event: (event, payload) => this.post({ type: 'live-event', event, payload }),
            },
            this.scope,
          ),
      );
      // A failed fetch (offline) may be tried again by the next live message.
      this.live.catch(() => (this.live = null));
    }
    void this.live?.then(use, () => undefined);
  }

  private payDesk(): Promise<PayDesk> {
    const { options } = this;
    this.desk ??= Promise.all([import('./bridge-pay.js'), import('./confirm-dialog.js')]).then(
      ([{ PayDesk }, { showConfirmDialog }]) =>
        new PayDesk({
          post: (path, json, headers, signal) =>
            callApi({ method: 'POST', url: new URL(`/api${path}`, options.platformOrigin), token: this.credential.token, headers, json, signal }),
          confirm: (quote, signal) =>
            showConfirmDialog({ quote, embedder: options.embedder, locale: options.locale, signal: eitherSignal(signal, this.credentialEpoch.signal) }),
          // Only the verified embedder's messages are handled: its origin is the page's.
          pageOrigin: options.embedder,
        }),
    );
    // A failed fetch (offline) may be tried again by the next pay.
    this.desk.catch(() => (this.desk = null));
    return this.desk;
  }

  start(): void {
    window.addEventListener('message', this.onMessage);
    this.credential.onChange((signedIn) => {
      // Every change closes an open confirm and pairs the next popup with a fresh nonce.
      this.credentialEpoch.abort();
      this.credentialEpoch = new AbortController();
      this.nonce = newNonce();
      this.popup = null;
      this.post({ type: 'credential', signedIn, nonce: this.nonce });
    });
    this.post({ type: 'ready', version: PROTOCOL_VERSION, signedIn: this.credential.signedIn, nonce: this.nonce });
  }

  private post(message: Outgoing): void {
    // Never '*': only the verified embedder can receive what the bridge says.
    window.parent.postMessage({ channel: PAGE_CHANNEL, ...message }, this.options.embedder);
  }

  private readonly onMessage = (event: MessageEvent): void => {
    if (event.source === window.parent && event.origin === this.options.embedder) {
      const message = readPageMessage(event.data);
      // The origin is the browser's word for who sent it; owner routes carry it to the server.
      if (message) void this.handle(message, event.origin);
      return;
    }
    // The popup: same origin as the bridge, a window other than the embedding page.
    if (event.origin === this.options.platformOrigin && event.source && event.source !== window.parent) {
      const message = readPopupMessage(event.data);
      if (message) this.handlePopup(message, event.source);
    }
    // Anything else (other origins, other frames) is ignored without an answer.
  };

  private reply(id: number, result: unknown): void {
    this.post({ type: 'reply', id, result });
  }

  private async handle(message: PageMessage, pageOrigin: string): Promise<void> {
    switch (message.type) {
      case 'request':
        return this.reply(message.id, await this.request(message, pageOrigin));
      case 'upload':
        return this.reply(message.id, await this.upload(message, pageOrigin));
      case 'logout':
        await this.logout();
        return this.reply(message.id, { ok: true });
      case 'pay':
        return this.reply(
          message.id,
          await this.track(message.id, async (signal) => {
            const desk = await this.payDesk().catch(() => null);
            return desk ? await desk.pay(message.request, signal) : unreachable();
          }),
        );
      case 'media':
        return this.reply(message.id, await this.media(message));
      case 'abort':
        this.running.get(message.target)?.abort();
        return;
      case 'live-open':
        return this.withLive((live) => live.open());
      case 'live-close':
        return this.withLive((live) => live.close(), false);
      case 'live-on':
        return this.withLive((live) => live.on(message.event));
      case 'live-off':
        return this.withLive((live) => live.off(message.event), false);
      case 'live-emit':
        return this.withLive((live) => live.emit(message.event, message.payload), false);
      case 'live-join':
        return this.withLive((live) => live.joinRoom(message.room));
      case 'live-leave':
        return this.withLive((live) => live.leaveRoom(message.room), false);
    }
  }

  private async request(message: Extract<PageMessage, { type: 'request' }>, pageOrigin: string): Promise<TransportResult<unknown>> {
    const call = allowedCall(this.options.platformOrigin, message.method, message.path, message.query);
    if (!call.ok) return refused(call.message);
    const headers = callHeaders(call, pageOrigin, message.headers);
    return this.noted(call, this.track(message.id, (signal) => callApi({ method: call.method, url: call.url, token: this.credential.token, headers, body: message.body, signal })));
  }

  /** The answer, after the scope learnt from it (unless the fan changed meanwhile: it was about the last one). */
  private async noted(call: Extract<AllowedCall, { ok: true }>, answer: Promise<TransportResult<unknown>>): Promise<TransportResult<unknown>> {
    const token = this.credential.token;
    const result = await answer;
    if (token && this.credential.token === token) {
      this.scope.noteAnswer(call, result);
      this.withLive((live) => live.scopeGrew(), false);
    }
    return result;
  }

  /** Uploads follow the same allow-list (the inbox's message uploads are page-scoped routes). */
  private async upload(message: Extract<PageMessage, { type: 'upload' }>, pageOrigin: string): Promise<TransportResult<unknown>> {
    const call = allowedCall(this.options.platformOrigin, 'POST', message.path);
    if (!call.ok) return refused(call.message);
    const headers = callHeaders(call, pageOrigin, undefined);
    const onProgress = (loaded: number, total: number) => this.post({ type: 'progress', id: message.id, loaded, total });
    return this.noted(call, this.track(message.id, (signal) => uploadApi({ url: call.url, token: this.credential.token, headers, entries: message.entries, signal, onProgress })));
  }

  /**
   * A media file the page cannot load itself (bridge-media.ts): only a `media.file` link on
   * the platform, fetched with the credential and the page's origin (the server scopes it to
   * the page's creators), answered as a Blob when it is a media type.
   */
  private async media(message: Extract<PageMessage, { type: 'media' }>): Promise<TransportResult<unknown>> {
    return this.track(message.id, async (signal) => {
      const rules = await this.mediaModule().catch(() => null);
      if (!rules) return unreachable();
      const target = rules.allowedMedia(this.options.platformOrigin, message.path);
      if (!target.ok) return refused(target.message);
      const token = this.credential.token;
      // The server's refusal (`media.link_invalid`) as plain calls relay one: without any trace of the token.
      // With the verified embedder's origin: the server serves a page only its own creators' files.
      const result = await rules.fetchMedia(target.url, token, signal, (status, text) => toResult(status, text, token) as TransportResult<never>, this.options.embedder);
      // Fetched for a fan who is no longer the one signed in: not handed over.
      return this.credential.token === token ? result : aborted();
    });
  }

  private mediaModule(): Promise<typeof import('./bridge-media.js')> {
    if (!this.mediaRules) {
      this.mediaRules = import('./bridge-media.js');
      // A failed fetch of the module (offline) may be tried again by the next call.
      this.mediaRules.catch(() => (this.mediaRules = null));
    }
    return this.mediaRules;
  }

  /** Runs a call that the page may abort; a 401 means the held token is no longer valid. */
  private async track(id: number, run: (signal: AbortSignal) => Promise<TransportResult<unknown>>): Promise<TransportResult<unknown>> {
    const controller = new AbortController();
    this.running.set(id, controller);
    const token = this.credential.token;
    try {
      const result = await run(controller.signal);
      if (!result.ok && result.status === 401 && token && this.credential.token === token) this.credential.clear();
      return result;
    } catch {
      return controller.signal.aborted ? aborted() : bridgeError(0, 'network.unreachable', 'The platform could not be reached');
    } finally {
      this.running.delete(id);
    }
  }

  private async logout(): Promise<void> {
    const token = this.credential.token;
    if (!token) return;
    this.credential.clear();
    const url = new URL('/api/auth/logout', this.options.platformOrigin);
    await fetch(url, { method: 'POST', headers: { authorization: token }, credentials: 'omit' }).catch(() => undefined);
  }

  private handlePopup(message: PopupMessage, source: MessageEventSource): void {
    if (message.nonce !== this.nonce) return;
    const answer = (type: 'accept' | 'done', nonce: string) =>
      (source as Window).postMessage({ channel: POPUP_CHANNEL, type, nonce }, this.options.platformOrigin);
    if (message.type === 'offer') {
      this.popup = source;
      answer('accept', message.nonce);
      return;
    }
    if (message.type === 'token' && source === this.popup) {
      const used = this.nonce;
      // set() notifies the page (signed in, no token) and rotates the nonce.
      this.credential.set(message.token, message.remember);
      answer('done', used);
    }
  }
}

/** Aborts when either does (AbortSignal.any is too recent for every browser a fan may use). */
function eitherSignal(first: AbortSignal, second: AbortSignal): AbortSignal {
  const controller = new AbortController();
  for (const signal of [first, second]) {
    if (signal.aborted) controller.abort();
    else signal.addEventListener('abort', () => controller.abort(), { once: true });
  }
  return controller.signal;
}
