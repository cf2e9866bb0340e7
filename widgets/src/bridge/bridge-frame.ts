/**
 * The page side of the bridge: creates the hidden iframe on the platform origin,
 * waits for its `ready`, and carries calls and replies. It accepts a message only
 * when it comes from that iframe's window AND from the platform origin, and it posts
 * only to the platform origin. Calls made before `ready` wait in order.
 */
import type { LiveStatus } from '../session/transport.js';
import { BRIDGE_PAGE, PAGE_CHANNEL, readBridgeMessage, type BridgeMessage, type PageCall } from './protocol.js';

export type BridgeFailure = 'timeout' | 'no-creator' | 'bad-origin' | 'disposed';
export type BridgeState =
  | { status: 'connecting' }
  | { status: 'ready' }
  | { status: 'failed'; reason: BridgeFailure; message: string };

export interface BridgeFrameOptions {
  /** The platform origin, e.g. `https://fandeck.example`. */
  origin: string;
  /** Username or id of the creator whose embed allow-list applies. */
  creator?: string;
  locale?: string;
  /** How long to wait for `ready` before reporting the bridge as unavailable. */
  readyTimeoutMs?: number;
}

export const DEFAULT_READY_TIMEOUT_MS = 10_000;

const HIDDEN_STYLE =
  'position:fixed;left:-10000px;top:0;width:1px;height:1px;border:0;opacity:0;pointer-events:none;visibility:hidden;';
const OVERLAY_STYLE =
  'position:fixed;inset:0;left:0;top:0;width:100vw;height:100vh;border:0;margin:0;padding:0;opacity:1;visibility:visible;pointer-events:auto;z-index:2147483647;background:transparent;color-scheme:light;';

interface Pending {
  resolve(result: unknown): void;
  fallback: unknown;
  onProgress?: ((loaded: number, total: number) => void) | undefined;
}

type Listener<A extends unknown[]> = (...args: A) => void;

export class BridgeFrame {
  readonly origin: string;
  state: BridgeState = { status: 'connecting' };
  signedIn = false;
  /** The nonce the bridge will accept from the next sign-in popup; not a credential. */
  nonce: string | null = null;
  private iframe: HTMLIFrameElement | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private queue: (PageCall & { id: number })[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly stateListeners = new Set<Listener<[BridgeState]>>();
  private readonly credentialListeners = new Set<Listener<[boolean]>>();
  private readonly liveStatusListeners = new Set<Listener<[LiveStatus]>>();
  private readonly liveEventListeners = new Set<Listener<[string, unknown]>>();

  constructor(private readonly options: BridgeFrameOptions) {
    let origin = '';
    try {
      origin = new URL(options.origin).origin;
    } catch {
      // reported below
    }
    this.origin = origin;
    if (!origin || origin === 'null') {
      this.fail('bad-origin', `Not a platform origin: ${String(options.origin)}`);
      return;
    }
    if (!options.creator) {
      this.fail('no-creator', 'The Fandeck bridge needs the creator whose allowed origins apply (data-creator).');
      return;
    }
    window.addEventListener('message', this.onMessage);
    // A browsing context is costly to create: in a task of its own, not inside whatever
    // made the session (an element's first render).
    const { creator } = options;
    setTimeout(() => this.mount(origin, creator, options), 0);
    this.timer = setTimeout(() => {
      if (this.state.status === 'connecting') {
        this.fail('timeout', `The Fandeck bridge did not answer within ${this.timeoutMs} ms. Is ${location.origin} on the creator's list of allowed origins?`);
      }
    }, this.timeoutMs);
  }

  private mount(origin: string, creator: string, options: BridgeFrameOptions): void {
    // Failed or disposed meanwhile.
    if (this.state.status !== 'connecting') return;
    const iframe = document.createElement('iframe');
    const url = new URL(BRIDGE_PAGE, origin);
    url.searchParams.set('creator', creator);
    url.searchParams.set('locale', options.locale ?? (document.documentElement.lang || navigator.language || ''));
    iframe.src = url.toString();
    iframe.title = 'Fandeck';
    iframe.setAttribute('aria-hidden', 'true');
    iframe.tabIndex = -1;
    // Lets non-Chromium bridges learn the embedding origin from document.referrer.
    iframe.referrerPolicy = 'origin';
    iframe.setAttribute('style', HIDDEN_STYLE);
    iframe.dataset.fandeckBridge = '';
    this.iframe = iframe;
    // In the document itself (not a shadow root), so the popup finds it in opener.frames.
    (document.body ?? document.documentElement).append(iframe);
  }

  private get timeoutMs(): number {
    return this.options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;
  }

  /** Sends a call and resolves with the bridge's answer, or `fallback` when the bridge is unavailable. */
  call<R>(call: PageCall, fallback: R, onProgress?: (loaded: number, total: number) => void): { id: number; result: Promise<R> } {
    const id = this.nextId++;
    const result = new Promise<R>((resolve) => {
      if (this.state.status === 'failed') return resolve(fallback);
      this.pending.set(id, { resolve: resolve as (r: unknown) => void, fallback, onProgress });
      this.send({ ...call, id });
    });
    return { id, result };
  }

  /** A call nobody waits an answer for (abort, live subscriptions). */
  notify(call: PageCall): void {
    if (this.state.status !== 'failed') this.send({ ...call, id: this.nextId++ });
  }

  /** Settles a pending call now (the page aborted it); a late reply is then ignored. */
  settle(id: number, result: unknown): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    pending.resolve(result);
  }

  whenReady(): Promise<boolean> {
    if (this.state.status !== 'connecting') return Promise.resolve(this.state.status === 'ready');
    return new Promise((resolve) => {
      const off = this.onState((state) => {
        if (state.status === 'connecting') return;
        off();
        resolve(state.status === 'ready');
      });
    });
  }

  /** Shows the bridge as a full-window overlay (its confirm dialog), or hides it again. */
  setOverlay(visible: boolean): void {
    if (!this.iframe) return;
    this.iframe.setAttribute('style', visible ? OVERLAY_STYLE : HIDDEN_STYLE);
    if (visible) {
      this.iframe.removeAttribute('aria-hidden');
      this.iframe.tabIndex = 0;
      this.iframe.focus();
    } else {
      this.iframe.setAttribute('aria-hidden', 'true');
      this.iframe.tabIndex = -1;
    }
  }

  onState(listener: Listener<[BridgeState]>): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }
  onCredential(listener: Listener<[boolean]>): () => void {
    this.credentialListeners.add(listener);
    return () => this.credentialListeners.delete(listener);
  }
  onLiveStatus(listener: Listener<[LiveStatus]>): () => void {
    this.liveStatusListeners.add(listener);
    return () => this.liveStatusListeners.delete(listener);
  }
  onLiveEvent(listener: Listener<[string, unknown]>): () => void {
    this.liveEventListeners.add(listener);
    return () => this.liveEventListeners.delete(listener);
  }

  dispose(): void {
    this.fail('disposed', 'The Fandeck bridge was closed');
  }

  private send(message: PageCall & { id: number }): void {
    if (this.state.status === 'connecting') {
      this.queue.push(message);
      return;
    }
    try {
      this.iframe?.contentWindow?.postMessage({ channel: PAGE_CHANNEL, ...message }, this.origin);
    } catch {
      // Not cloneable (a function or DOM node in a body): answer as a failed call.
      this.settle(message.id, this.pending.get(message.id)?.fallback);
    }
  }

  private readonly onMessage = (event: MessageEvent): void => {
    // Both checks: the platform origin, and exactly our iframe's window (not another platform frame).
    if (event.origin !== this.origin || !this.iframe || event.source !== this.iframe.contentWindow) return;
    const message = readBridgeMessage(event.data);
    if (message) this.receive(message);
  };

  private receive(message: BridgeMessage): void {
    switch (message.type) {
      case 'ready': {
        if (this.state.status !== 'connecting') return;
        clearTimeout(this.timer);
        this.signedIn = message.signedIn;
        this.nonce = message.nonce;
        this.setState({ status: 'ready' });
        const queued = this.queue;
        this.queue = [];
        for (const call of queued) this.send(call);
        if (this.signedIn) for (const listener of [...this.credentialListeners]) listener(true);
        return;
      }
      case 'reply':
        return this.settle(message.id, message.result);
      case 'progress':
        return this.pending.get(message.id)?.onProgress?.(message.loaded, message.total);
      case 'credential': {
        this.nonce = message.nonce;
        const changed = this.signedIn !== message.signedIn;
        this.signedIn = message.signedIn;
        if (changed) for (const listener of [...this.credentialListeners]) listener(message.signedIn);
        return;
      }
      case 'live-status':
        for (const listener of [...this.liveStatusListeners]) listener(message.status);
        return;
      case 'live-event':
        for (const listener of [...this.liveEventListeners]) listener(message.event, message.payload);
        return;
    }
  }

  private fail(reason: BridgeFailure, message: string): void {
    if (this.state.status === 'failed') return;
    clearTimeout(this.timer);
    window.removeEventListener('message', this.onMessage);
    this.iframe?.remove();
    this.iframe = null;
    this.queue = [];
    if (reason !== 'disposed') console.warn(`[fandeck] ${message}`);
    this.setState({ status: 'failed', reason, message });
    for (const [id, pending] of [...this.pending]) this.settle(id, pending.fallback);
    if (this.signedIn) {
      this.signedIn = false;
      for (const listener of [...this.credentialListeners]) listener(false);
    }
  }

  private setState(state: BridgeState): void {
    this.state = state;
    for (const listener of [...this.stateListeners]) listener(state);
  }
}
