import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookVerificationError } from './gateway.js';

/**
 * Signed webhooks of the PIX sandbox, in the scheme most providers use: the header
 * `x-pix-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. Binding the
 * timestamp into the MAC makes a captured delivery useless once it is older than the
 * tolerance; several `v1` values may be sent while a secret is being rotated.
 */
export const PIX_SIGNATURE_HEADER = 'x-pix-signature';
/** A delivery older than this is refused as a possible replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** Clock skew we accept from a sender whose clock runs ahead of ours. */
export const SIGNATURE_FUTURE_SKEW_SECONDS = 60;

const MAX_HEADER_LENGTH = 1024;

export function computeSignature(secret: string, timestamp: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

export function signatureHeader(secret: string, rawBody: Buffer | string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${computeSignature(secret, timestamp, rawBody)}`;
}

interface ParsedHeader {
  timestamp: number;
  signatures: string[];
}

function parseHeader(header: string | string[] | undefined): ParsedHeader {
  if (typeof header !== 'string' || !header || header.length > MAX_HEADER_LENGTH) {
    throw new WebhookVerificationError('Missing webhook signature');
  }
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === undefined || signatures.length === 0) throw new WebhookVerificationError('Malformed webhook signature');
  return { timestamp, signatures };
}

/** Throws unless the header carries a valid signature of the raw body within the time window. */
export function verifySignature(secret: string, rawBody: Buffer, header: string | string[] | undefined, now: Date): void {
  const { timestamp, signatures } = parseHeader(header);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (nowSeconds - timestamp > SIGNATURE_TOLERANCE_SECONDS) throw new WebhookVerificationError('Webhook timestamp is too old');
  if (timestamp - nowSeconds > SIGNATURE_FUTURE_SKEW_SECONDS) throw new WebhookVerificationError('Webhook timestamp is in the future');
  const expected = Buffer.from(computeSignature(secret, timestamp, rawBody), 'hex');
  // Compare every candidate in constant time; never stop at the first mismatching byte.
  let valid = false;
  for (const candidate of signatures) {
    const given = Buffer.from(candidate, 'hex');
    if (given.length === expected.length && timingSafeEqual(given, expected)) valid = true;
  }
  if (!valid) throw new WebhookVerificationError('Invalid webhook signature');
}
