/**
 * What a third-party page may ask the bridge to do with the fan's credential. The
 * bridge is not an open proxy: calls stay on the platform's /api, calls that mint or
 * change credentials or move a creator's money out are refused, and calls that spend
 * the fan's money need a confirm the fan gave in the bridge's own UI just before.
 */
import type { ConfirmRequest, HttpMethod, Query } from '../session/transport.js';
import { isRecord } from './protocol.js';

export type MoneyKind = ConfirmRequest['kind'];

export type ApiTarget = { ok: true; url: URL; apiPath: string } | { ok: false; message: string };

const METHODS = new Set<HttpMethod>(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);
export const isMethod = (value: string): value is HttpMethod => METHODS.has(value as HttpMethod);

/**
 * The URL of an API call. Paths are API paths as the spec writes them (`/users/me`);
 * a leading `/api` is accepted too. Whatever the page sends, the result stays under
 * `<platform>/api/`: dot segments, backslashes, other hosts and encoded slashes are refused.
 */
export function apiTarget(platformOrigin: string, path: string, query?: Query): ApiTarget {
  if (!path.startsWith('/') || path.startsWith('//') || /[\\#?\s]/.test(path) || /%2f|%5c|%2e/i.test(path)) {
    return { ok: false, message: 'Not an API path' };
  }
  const apiPath = path === '/api' || path.startsWith('/api/') ? path.slice(4) || '/' : path;
  let url: URL;
  try {
    url = new URL(`/api${apiPath}`, platformOrigin);
  } catch {
    return { ok: false, message: 'Not an API path' };
  }
  if (url.origin !== platformOrigin || url.pathname !== `/api${apiPath}`) return { ok: false, message: 'Not an API path' };
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
  return { ok: true, url, apiPath };
}

/** Routes no embedded page may reach through the bridge, whatever the method. */
const DENIED: readonly RegExp[] = [
  // Sign-in and credential changes happen in the platform's own popup and pages.
  /^\/auth\/(login|logout)$/,
  /^\/auth\/(twitter|google)(\/|$)/,
  /^\/auth\/users\/me\/password$/,
  /^\/telegram\/(login|send-otp)$/,
  /^\/manager(\/|$)/,
  // A creator's payout details and money going out.
  /^\/performers\/(banking-settings|payment-gateway-settings)$/,
  /^\/payout-(requests|methods)(\/|$)/,
  /^\/stripe\/accounts$/,
  /^\/[^/]+\/cards$/,
  /^\/payment-cards(\/|$)/,
  // Staff areas and the embed allow-list itself.
  /^\/admin(\/|$)/,
  /^\/embeds(\/|$)/,
];

/** Whether a call is refused outright. GETs of payout and card lists are refused too: they are not embed features. */
export function isDenied(apiPath: string): boolean {
  return DENIED.some((pattern) => pattern.test(apiPath));
}

const UNLOCK_TARGETS = 'feed|product|video|gallery|message|stream|auction|gift|crowdfunding|event|booking-cameo';
const MONEY_ROUTES: readonly { pattern: RegExp; kind: MoneyKind }[] = [
  { pattern: /^\/payment\/subscribe\/performers$/, kind: 'subscribe' },
  { pattern: /^\/payment\/wallet\/top-up$/, kind: 'topup' },
  { pattern: /^\/wallet\/charges\/tip\/[^/]+$/, kind: 'tip' },
  { pattern: new RegExp(`^/wallet/charges/(${UNLOCK_TARGETS})/[^/]+$`), kind: 'unlock' },
];

/** The kind of confirm a money-moving call needs, or null for any other call. */
export function moneyKind(method: HttpMethod, apiPath: string): MoneyKind | null {
  if (method === 'GET') return null;
  return MONEY_ROUTES.find((route) => route.pattern.test(apiPath))?.kind ?? null;
}

/** Request headers a page may set; the bridge sets Authorization and content type itself. */
const ALLOWED_HEADER = /^(idempotency-key|accept-language|x-[a-z0-9-]+)$/i;
export function pageHeaders(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isRecord(headers)) return out;
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string' && value.length <= 1000 && ALLOWED_HEADER.test(name)) out[name.toLowerCase()] = value;
  }
  return out;
}

interface Grant {
  kind: MoneyKind;
  amount: number;
  expiresAt: number;
}

/** How long a confirm stays usable, and the one call it allows. */
export const GRANT_LIFETIME_MS = 2 * 60_000;

/**
 * Confirms the fan gave in the bridge UI. Each allows one money-moving call of its kind,
 * soon after, for at most the confirmed amount when the call names an amount.
 */
export class ConfirmGrants {
  private grants: Grant[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  add(request: Pick<ConfirmRequest, 'kind' | 'amount'>): void {
    this.prune();
    this.grants.push({ kind: request.kind, amount: request.amount, expiresAt: this.now() + GRANT_LIFETIME_MS });
  }

  /** Uses up a grant for this call; false when there is none that covers it. */
  take(kind: MoneyKind, body: unknown): boolean {
    this.prune();
    const amount = amountOf(body);
    const index = this.grants.findIndex((g) => g.kind === kind && (amount === undefined || amount <= g.amount + 1e-9));
    if (index < 0) return false;
    this.grants.splice(index, 1);
    return true;
  }

  clear(): void {
    this.grants = [];
  }

  private prune(): void {
    const now = this.now();
    this.grants = this.grants.filter((g) => g.expiresAt > now);
  }
}

function amountOf(body: unknown): number | undefined {
  if (!isRecord(body)) return undefined;
  for (const key of ['amount', 'price', 'total']) {
    const value = body[key];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && value.trim() && Number.isFinite(Number(value))) return Number(value);
  }
  return undefined;
}

/** A confirm request as the page sent it, checked; null when it is not one. */
export function readConfirmRequest(value: unknown): ConfirmRequest | null {
  if (!isRecord(value)) return null;
  const { kind, title, amount, currency, creator } = value;
  if (kind !== 'tip' && kind !== 'subscribe' && kind !== 'topup' && kind !== 'unlock') return null;
  if (typeof title !== 'string' || title.length > 200) return null;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0 || amount > 1_000_000) return null;
  if (typeof currency !== 'string' || !/^[A-Za-z]{1,10}$/.test(currency)) return null;
  const request: ConfirmRequest = { kind, title, amount, currency };
  if (isRecord(creator) && typeof creator._id === 'string' && creator._id.length <= 64) {
    request.creator = { _id: creator._id, name: typeof creator.name === 'string' ? creator.name.slice(0, 200) : '' };
  }
  return request;
}

/** Removes every occurrence of the credential from a value about to leave the bridge. */
export function redact<T>(value: T, secret: string | null, depth = 0): T {
  if (!secret || depth > 32) return value;
  if (typeof value === 'string') return (value.includes(secret) ? value.split(secret).join('') : value) as T;
  if (Array.isArray(value)) return value.map((item) => redact(item, secret, depth + 1)) as T;
  if (isRecord(value) && isPlain(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = redact(item, secret, depth + 1);
    return out as T;
  }
  return value;
}

function isPlain(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
