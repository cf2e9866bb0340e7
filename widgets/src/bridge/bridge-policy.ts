/**
 * What a third-party page may ask the bridge to do with the fan's credential. The
 * bridge is not a proxy: a plain call goes through only when it is one of the contract's
 * routes marked `embed` (`true`, `'owner'` or `'page'`), decided on the decoded path the server's
 * router will route (contract `matchEmbedRoute`, which answers as `matchRoute` does on the
 * whole table), and the bridge then sends that route's canonical path, never the page's
 * spelling. Money never moves through a plain call: the `pay` command (bridge-pay.ts) is
 * the only way, and it has the fan confirm the server's own quote.
 */
import { matchEmbedRoute, matchMoneyAction, PAGE_ORIGIN_HEADER, type HttpMethod, type RouteSpec } from '@fandeck/contract';
import type { Query } from '../session/transport.js';
import { isRecord } from './protocol.js';

export type AllowedCall =
  | { ok: true; method: HttpMethod; url: URL; template: string; embed: NonNullable<RouteSpec['embed']> }
  | { ok: false; message: string };

/**
 * The URL to call for `method path` (an API path, `/api` prefix optional) with `query`,
 * or why an embedded page may not make it. Spelling tricks (percent-encoding, double
 * encoding, dot segments, backslashes, case) either decode to an allowed route, which is
 * then sent canonically, or are refused.
 */
export function allowedCall(platformOrigin: string, method: string, path: string, query?: Query): AllowedCall {
  const upper = method.toUpperCase() as HttpMethod;
  if (matchMoneyAction(upper, path)) return { ok: false, message: 'Payments go through the pay command' };
  const match = matchEmbedRoute(upper, path);
  if (!match.ok) return { ok: false, message: `This call is not available to embedded pages (${match.reason})` };
  const url = new URL(`/api${match.path}`, platformOrigin);
  // Belt and braces: the URL parser must not have re-read the canonical path as another one.
  if (url.origin !== new URL(platformOrigin).origin || url.pathname !== `/api${match.path}`) return { ok: false, message: 'Not an API path' };
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
  return { ok: true, method: match.method, url, template: match.template, embed: match.embed };
}

/**
 * The headers of an allowed call: the harmless ones the page asked for and, on an owner
 * or page-scoped route, `PAGE_ORIGIN_HEADER` with `pageOrigin`, the origin the browser
 * reported for the page's message (never a value the page supplies). The server refuses
 * an owner route when that origin is not one the signed-in creator listed, and limits a
 * page-scoped one to what belongs to the creators who list it.
 */
export function callHeaders(call: Extract<AllowedCall, { ok: true }>, pageOrigin: string, requested: unknown): Record<string, string> {
  const headers = pageHeaders(requested);
  if (call.embed === 'owner' || call.embed === 'page') headers[PAGE_ORIGIN_HEADER] = pageOrigin;
  return headers;
}

/**
 * Request headers a page may set on a plain call. The bridge sets Authorization, content
 * type, Idempotency-Key, the quote header and the page-origin header itself; anything a
 * server or proxy might trust (forwarded-for, custom `x-` headers) stays out.
 */
const ALLOWED_HEADERS = new Set(['accept-language']);
export function pageHeaders(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isRecord(headers)) return out;
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (typeof value === 'string' && value.length <= 200 && ALLOWED_HEADERS.has(lower) && /^[\x20-\x7e]*$/.test(value)) out[lower] = value;
  }
  return out;
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
