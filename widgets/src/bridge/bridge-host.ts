/**
 * The bridge's side of the protocol, running in the hidden iframe on the platform
 * origin once the embedding origin was verified (bridge-main.ts). It answers only the
 * parent window, only from that origin, and posts only to that origin. The sign-in
 * popup reaches it on the platform origin with the nonce it handed out; the token it
 * brings stays here.
 */
import type { LiveStatus, TransportResult } from '../session/transport.js';
import { aborted, callApi, refused, uploadApi } from './bridge-api.js';
import { BridgeCredential } from './bridge-credential.js';
import { BridgeLive } from './bridge-live.js';
import { apiTarget, ConfirmGrants, isDenied, isMethod, moneyKind, pageHeaders, readConfirmRequest } from './bridge-policy.js';
import { showConfirmDialog } from './confirm-dialog.js';
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
  private readonly grants = new ConfirmGrants();
  private readonly live: BridgeLive;
  private readonly running = new Map<number, AbortController>();
  private nonce = newNonce();
  private popup: MessageEventSource | null = null;
  private confirming = false;

  constructor(private readonly options: BridgeHostOptions) {
    this.live = new BridgeLive(options.platformOrigin, this.credential, {
      status: (status: LiveStatus) => this.post({ type: 'live-status', status }),
      event: (event, payload) => this.post({ type: 'live-event', event, payload }),
    });
  }

  start(): void {
    window.addEventListener('message', this.onMessage);
    this.credential.onChange((signedIn) => {
      // Every change ends pending confirms and pairs the next popup with a fresh nonce.
      this.grants.clear();
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
      if (message) void this.handle(message);
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

  private async handle(message: PageMessage): Promise<void> {
    switch (message.type) {
      case 'request':
        return this.reply(message.id, await this.request(message));
      case 'upload':
        return this.reply(message.id, await this.upload(message));
      case 'logout':
        await this.logout();
        return this.reply(message.id, { ok: true });
      case 'confirm':
        return this.reply(message.id, { confirmed: await this.confirm(message.request) });
      case 'abort':
        this.running.get(message.target)?.abort();
        return;
      case 'live-open':
        return this.live.open();
      case 'live-close':
        return this.live.close();
      case 'live-on':
        return this.live.on(message.event);
      case 'live-off':
        return this.live.off(message.event);
      case 'live-emit':
        return this.live.emit(message.event, message.payload);
      case 'live-join':
        return this.live.joinRoom(message.room);
      case 'live-leave':
        return this.live.leaveRoom(message.room);
    }
  }

  private async request(message: Extract<PageMessage, { type: 'request' }>): Promise<TransportResult<unknown>> {
    const method = message.method.toUpperCase();
    if (!isMethod(method)) return refused('Unsupported method');
    const target = apiTarget(this.options.platformOrigin, message.path, message.query);
    if (!target.ok) return refused(target.message);
    if (isDenied(target.apiPath)) return refused('This call is not available to embedded pages');
    const kind = moneyKind(method, target.apiPath);
    if (kind && !this.grants.take(kind, message.body)) return refused('This payment needs your confirmation first');
    return this.track(message.id, (signal) =>
      callApi({ method, url: target.url, token: this.credential.token, headers: pageHeaders(message.headers), body: message.body, signal }),
    );
  }

  private async upload(message: Extract<PageMessage, { type: 'upload' }>): Promise<TransportResult<unknown>> {
    const target = apiTarget(this.options.platformOrigin, message.path);
    if (!target.ok) return refused(target.message);
    if (isDenied(target.apiPath) || moneyKind('POST', target.apiPath)) return refused('This call is not available to embedded pages');
    const onProgress = (loaded: number, total: number) => this.post({ type: 'progress', id: message.id, loaded, total });
    return this.track(message.id, (signal) => uploadApi({ url: target.url, token: this.credential.token, entries: message.entries, signal, onProgress }));
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
      return controller.signal.aborted ? aborted() : { ok: false, status: 0, body: undefined };
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

  private async confirm(input: unknown): Promise<boolean> {
    const request = readConfirmRequest(input);
    if (!request || this.confirming) return false;
    this.confirming = true;
    try {
      const creatorName = request.creator ? await this.creatorName(request.creator._id) : null;
      const confirmed = await showConfirmDialog({ request, embedder: this.options.embedder, creatorName, locale: this.options.locale });
      if (confirmed) this.grants.add(request);
      return confirmed;
    } finally {
      this.confirming = false;
    }
  }

  /** The creator's name from the platform, so the page cannot put another name in the dialog. */
  private async creatorName(id: string): Promise<string | null> {
    const target = apiTarget(this.options.platformOrigin, `/performers/${encodeURIComponent(id)}`);
    if (!target.ok) return null;
    const result = await callApi({ method: 'GET', url: target.url, token: null, headers: {}, signal: AbortSignal.timeout(5000) });
    if (!result.ok || typeof result.data !== 'object' || result.data === null) return null;
    const name = (result.data as { name?: unknown }).name;
    return typeof name === 'string' && name ? name : null;
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
