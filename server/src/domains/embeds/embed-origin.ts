/**
 * Origins as creators list them and as the bridge page's `frame-ancestors` names them.
 * A listed origin ends up inside a response header, so only a strict, normalised
 * `scheme://host[:port]` is ever accepted: no path, query, fragment, credentials or
 * wildcard, and no character that could end a CSP source expression.
 */
import { LIMITS } from '@fandeck/contract';

/** What a creator may list at most. */
export const MAX_EMBED_ORIGINS = 50;
export const MAX_ORIGIN_LENGTH = LIMITS.embeds.originMax;

export type OriginCheck = { ok: true; origin: string } | { ok: false; reason: string };

const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const IPV6_HOST = /^\[[0-9a-f:.]+\]$/;
const NORMALISED = /^https?:\/\/(?:\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/;

/**
 * Parses what a creator typed into the normalised origin, or says why it is not one.
 * `https://Shop.Example.com:443/` gives `https://shop.example.com`.
 */
export function normaliseOrigin(input: string): OriginCheck {
  const raw = input.trim();
  if (!raw) return { ok: false, reason: 'Enter an origin such as https://example.com' };
  if (raw.length > MAX_ORIGIN_LENGTH) return { ok: false, reason: `An origin has at most ${MAX_ORIGIN_LENGTH} characters` };
  // A bare origin, optionally with one trailing slash; anything after the authority is refused.
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)\/?$/i.exec(raw);
  if (!match) return { ok: false, reason: 'An origin is scheme://host[:port], without a path, query or fragment' };
  const scheme = match[1]!.toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return { ok: false, reason: 'Only http and https origins can embed widgets' };
  if (match[2]!.includes('@')) return { ok: false, reason: 'An origin has no user name or password' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'This is not a valid origin' };
  }
  const host = url.hostname;
  if (!HOST_NAME.test(host) && !IPV6_HOST.test(host)) return { ok: false, reason: 'The host name is not valid (wildcards are not allowed)' };
  const origin = url.origin;
  if (!NORMALISED.test(origin)) return { ok: false, reason: 'This is not a valid origin' };
  return { ok: true, origin };
}

/** True for a string that is already a normalised origin (as stored and as browsers send it). */
export function isNormalisedOrigin(value: string): boolean {
  const check = normaliseOrigin(value);
  return check.ok && check.origin === value;
}

/**
 * The `frame-ancestors` directive for a bridge page: the platform itself plus the
 * creator's listed origins; with no listed origin nothing may frame it.
 */
export function frameAncestors(platformOrigin: string, listed: readonly string[]): string {
  const safe = listed.filter(isNormalisedOrigin);
  if (safe.length === 0) return "frame-ancestors 'none'";
  const sources = new Set(["'self'", ...(isNormalisedOrigin(platformOrigin) ? [platformOrigin] : []), ...safe]);
  return `frame-ancestors ${[...sources].join(' ')}`;
}
