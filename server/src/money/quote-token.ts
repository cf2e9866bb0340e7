import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalJson } from './idempotency.js';

/**
 * A quote token: what the server promised to charge for one exact request, signed so
 * the client can only hand it back, not edit it. It binds the user, the action, the
 * canonical path, the canonical body, the price and the credit, until it expires. Its
 * random id makes it single-use: the action records the id when it spends the quote.
 *
 * Format: `base64url(JSON claims).base64url(HMAC-SHA256(secret, first part))`.
 */
export interface QuoteClaims {
  /** Random, unique per quote; the action records it so the quote pays once. */
  id: string;
  userId: string;
  action: string;
  /** Canonical path without the `/api` mount (`/wallet/charges/tip/alice`). */
  path: string;
  bodyHash: string;
  priceCents: number;
  creditCents: number | null;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export const QUOTE_TTL_MS = 2 * 60 * 1000;
/** Longer than any token we sign; a longer header is not worth hashing. */
export const QUOTE_MAX_LENGTH = 2048;

interface Wire {
  v: 2;
  n: string;
  u: string;
  a: string;
  p: string;
  b: string;
  pr: number;
  cr: number | null;
  x: number;
}

/** SHA-256 of the body's canonical JSON (the same canonical form idempotency hashes). */
export const bodyHash = (body: unknown): string => createHash('sha256').update(canonicalJson(body)).digest('base64url');

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

export function signQuote(key: Buffer, claims: QuoteClaims): string {
  const wire: Wire = { v: 2, n: claims.id, u: claims.userId, a: claims.action, p: claims.path, b: claims.bodyHash, pr: claims.priceCents, cr: claims.creditCents, x: claims.expiresAt };
  const payload = Buffer.from(JSON.stringify(wire), 'utf8').toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

const isCents = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The claims of a token this server signed, or null for anything else (the expiry is the caller's to check). */
export function readQuote(key: Buffer, token: string): QuoteClaims | null {
  if (typeof token !== 'string' || token.length > QUOTE_MAX_LENGTH) return null;
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [payload, signature] = parts as [string, string];
  const expected = mac(key, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let wire: Partial<Wire>;
  try {
    wire = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Wire>;
  } catch {
    return null;
  }
  // Signed by us, so well-formed unless the format changed; still never trust a shape blindly.
  if (wire.v !== 2 || typeof wire.n !== 'string' || wire.n.length === 0) return null;
  if (typeof wire.u !== 'string' || typeof wire.a !== 'string' || typeof wire.p !== 'string' || typeof wire.b !== 'string') return null;
  if (!isCents(wire.pr) || !(wire.cr === null || isCents(wire.cr)) || typeof wire.x !== 'number') return null;
  return { id: wire.n, userId: wire.u, action: wire.a, path: wire.p, bodyHash: wire.b, priceCents: wire.pr, creditCents: wire.cr, expiresAt: wire.x };
}
