/**
 * The messages the page side (`createBridgeTransport`) and the bridge iframe exchange
 * over postMessage, and the ones the sign-in popup exchanges with the bridge. Every
 * message carries a channel tag so unrelated postMessage traffic is ignored; the tag is
 * not a security check (origins and sources are, see bridge-transport.ts and bridge-host.ts).
 * No message in either direction ever carries the credential, except the popup's
 * `token` message, which goes from the popup to the bridge on the platform origin only.
 */
import type { HttpMethod, LiveStatus, PayRequest, Query, TransportResult } from '../session/transport.js';

export const PAGE_CHANNEL = 'fandeck-bridge';
export const POPUP_CHANNEL = 'fandeck-login';
/**
 * 2: `confirm` gave way to `pay` (the bridge quotes, confirms and sends money actions itself).
 * 3: `media` (the bridge fetches a signed media file for the page).
 */
export const PROTOCOL_VERSION = 3;

/** Where the platform serves the bridge and popup pages. */
export const BRIDGE_PAGE = '/embed/bridge.html';
export const LOGIN_PAGE = '/embed/login.html';

/** A multipart field as it crosses postMessage: FormData is not cloneable, strings and Files are. */
export type UploadEntry = [name: string, value: string | Blob];

/** Page to bridge: a call with an id; the bridge answers with a `reply` of the same id. */
export type PageCall =
  | { type: 'request'; method: HttpMethod; path: string; query?: Query; body?: unknown; headers?: Record<string, string> }
  | { type: 'upload'; path: string; entries: UploadEntry[] }
  | { type: 'logout' }
  /** One money action: the bridge quotes it, has the fan confirm the quote and sends it itself. */
  | { type: 'pay'; request: PayRequest }
  /**
   * A media file by the link the platform signed for the fan (`media.file`, absolute or from
   * the root), which the page cannot load itself: answered with its bytes as a Blob.
   */
  | { type: 'media'; path: string }
  | { type: 'live-open' }
  | { type: 'live-close' }
  | { type: 'live-on'; event: string }
  | { type: 'live-off'; event: string }
  | { type: 'live-emit'; event: string; payload?: unknown }
  | { type: 'live-join'; room: string }
  | { type: 'live-leave'; room: string }
  /** Cancels the call `target` (a request, upload, media or pay: an open dialog closes unconfirmed); never answered. */
  | { type: 'abort'; target: number };

export type PageMessage = PageCall & { channel: typeof PAGE_CHANNEL; id: number };

/** What each call is answered with. */
export interface CallReplies {
  request: TransportResult<unknown>;
  upload: TransportResult<unknown>;
  logout: { ok: true };
  pay: TransportResult<unknown>;
  /** Blobs are structured-cloneable: the bytes cross postMessage, the credential does not. */
  media: TransportResult<Blob>;
}

/** Bridge to page. */
export type BridgeMessage = { channel: typeof PAGE_CHANNEL } & (
  | { type: 'ready'; version: number; signedIn: boolean; nonce: string }
  | { type: 'reply'; id: number; result: unknown }
  | { type: 'progress'; id: number; loaded: number; total: number }
  /** The credential changed (popup sign-in, logout, expiry, another tab); `nonce` is the next sign-in nonce. */
  | { type: 'credential'; signedIn: boolean; nonce: string }
  | { type: 'live-status'; status: LiveStatus }
  | { type: 'live-event'; event: string; payload: unknown }
);

/** Popup and bridge, both on the platform origin. */
export type PopupMessage = { channel: typeof POPUP_CHANNEL; nonce: string } & (
  | { type: 'offer' }
  | { type: 'accept' }
  | { type: 'token'; token: string; remember: boolean }
  | { type: 'done' }
);

const CALL_TYPES = new Set<PageCall['type']>([
  'request',
  'upload',
  'logout',
  'pay',
  'media',
  'live-open',
  'live-close',
  'live-on',
  'live-off',
  'live-emit',
  'live-join',
  'live-leave',
  'abort',
]);
const BRIDGE_TYPES = new Set<BridgeMessage['type']>(['ready', 'reply', 'progress', 'credential', 'live-status', 'live-event']);
const POPUP_TYPES = new Set<PopupMessage['type']>(['offer', 'accept', 'token', 'done']);

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const shortString = (value: unknown, max = 2000): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;

/** A well-formed page call, or null. Shapes are checked here; rules (routes, pay requests) in the bridge. */
export function readPageMessage(data: unknown): PageMessage | null {
  if (!isRecord(data) || data.channel !== PAGE_CHANNEL || !CALL_TYPES.has(data.type as PageCall['type'])) return null;
  if (typeof data.id !== 'number' || !Number.isSafeInteger(data.id)) return null;
  switch (data.type as PageCall['type']) {
    case 'request':
      return shortString(data.method, 10) && shortString(data.path) ? (data as PageMessage) : null;
    case 'upload':
      return shortString(data.path) && Array.isArray(data.entries) ? (data as PageMessage) : null;
    case 'pay':
      return isRecord(data.request) ? (data as PageMessage) : null;
    case 'media':
      return shortString(data.path) ? (data as PageMessage) : null;
    case 'live-on':
    case 'live-off':
    case 'live-emit':
      return shortString(data.event, 200) ? (data as PageMessage) : null;
    case 'live-join':
    case 'live-leave':
      return shortString(data.room, 200) ? (data as PageMessage) : null;
    case 'abort':
      return typeof data.target === 'number' ? (data as PageMessage) : null;
    default:
      return data as PageMessage;
  }
}

export function readBridgeMessage(data: unknown): BridgeMessage | null {
  if (!isRecord(data) || data.channel !== PAGE_CHANNEL || !BRIDGE_TYPES.has(data.type as BridgeMessage['type'])) return null;
  return data as BridgeMessage;
}

export function readPopupMessage(data: unknown): PopupMessage | null {
  if (!isRecord(data) || data.channel !== POPUP_CHANNEL || !POPUP_TYPES.has(data.type as PopupMessage['type'])) return null;
  if (!shortString(data.nonce, 200)) return null;
  if (data.type === 'token' && (!shortString(data.token, 512) || typeof data.remember !== 'boolean')) return null;
  return data as PopupMessage;
}

/** A fresh random nonce (128 bits, hex). Not a credential: it only pairs a popup with its bridge. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
