/**
 * Browsers' web-push subscriptions: checked and stored per endpoint, removed by their owner,
 * and used to deliver a notification to every browser of a user. A push service that
 * answers 404 or 410 says the subscription is gone: its row goes.
 */
import type { PushSubscriptionBody } from '@fandeck/contract';
import { ECDH } from 'node:crypto';
import { isIP } from 'node:net';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { pushSubscriptions } from './notifications.tables.js';
import { unprocessable } from '../../http/errors.js';
import type { PushSender, PushTarget } from './push-sender.js';

/** Most browsers one user keeps subscribed; subscribing another drops the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;
const ENDPOINT_MAX = 2048;

/** The body as a browser's `PushSubscription.toJSON()` gives it (`expirationTime` is ignored). */
export const pushSubscriptionBody = z.object({
  endpoint: z.string().min(1).max(ENDPOINT_MAX),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  expirationTime: z.number().nullable().optional(),
});
export const pushEndpointBody = z.object({ endpoint: z.string().min(1).max(ENDPOINT_MAX) });

const INVALID = 'notifications.push_subscription_invalid';
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function decodeKey(value: string): Buffer | null {
  return BASE64URL.test(value) ? Buffer.from(value.replace(/=+$/, ''), 'base64url') : null;
}

/**
 * Where the server may send a user-given endpoint: https to a named host. Addresses
 * (IP literals, localhost, `.local`/`.internal` names) are refused, so a subscription cannot
 * point the server at its own network. `allowLoopback` (tests only) lets a local stand-in
 * push service on http://localhost or 127.0.0.1 through.
 */
export function checkEndpoint(endpoint: string, allowLoopback: boolean): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw unprocessable(INVALID, 'body.endpoint: not a URL');
  }
  if (url.username || url.password) throw unprocessable(INVALID, 'body.endpoint: credentials are not allowed');
  if (allowLoopback && LOOPBACK.has(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:')) return url.href;
  if (url.protocol !== 'https:') throw unprocessable(INVALID, 'body.endpoint: must be an https URL');
  const host = url.hostname.toLowerCase();
  const literal = isIP(host.replace(/^\[|\]$/g, '')) !== 0;
  if (literal || !host.includes('.') || host === 'localhost' || /\.(localhost|local|internal)$/.test(host)) {
    throw unprocessable(INVALID, 'body.endpoint: must be a push service on a public host name');
  }
  return url.href;
}

/** The subscription's keys: a P-256 point on the curve and a 16-byte secret, else 422. */
export function checkKeys(keys: PushSubscriptionBody['keys']): { p256dh: string; auth: string } {
  const p256dh = decodeKey(keys.p256dh);
  const auth = decodeKey(keys.auth);
  if (!p256dh || p256dh.length !== 65 || p256dh[0] !== 4) throw unprocessable(INVALID, 'body.keys.p256dh: must be an uncompressed P-256 public key, base64url');
  try {
    // Refuses a point that is not on the curve: encrypting to it would fail at every send.
    ECDH.convertKey(p256dh, 'prime256v1');
  } catch {
    throw unprocessable(INVALID, 'body.keys.p256dh: not a point on P-256');
  }
  if (!auth || auth.length !== 16) throw unprocessable(INVALID, 'body.keys.auth: must be a 16-byte secret, base64url');
  return { p256dh: p256dh.toString('base64url'), auth: auth.toString('base64url') };
}

/**
 * Stores the browser's subscription for this user. An endpoint is one browser: subscribed
 * again (new keys, or another account signed in there) the row moves to the new owner.
 */
export async function savePushSubscription(db: Db, userId: string, body: PushSubscriptionBody, allowLoopback: boolean, now: Date): Promise<void> {
  const endpoint = checkEndpoint(body.endpoint, allowLoopback);
  const keys = checkKeys(body.keys);
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint, ...keys, createdAt: now })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, ...keys, createdAt: now } });
    const extra = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .offset(PUSH_SUBSCRIPTIONS_PER_USER);
    if (extra.length) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, extra.map((row) => row.id)));
  });
}

/** Removes the user's own subscription for this endpoint; none there changes nothing. */
export async function removePushSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  let href = endpoint;
  try {
    href = new URL(endpoint).href;
  } catch {
    // Not a URL: matches no stored (normalised) endpoint.
  }
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), inArray(pushSubscriptions.endpoint, [...new Set([endpoint, href])])));
}

/** Only the push service's origin goes to the logs: the endpoint's path is a capability. */
const originOf = (endpoint: string) => {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'unknown';
  }
};

/** Sends the payload to every browser the user subscribed; never throws. */
export async function pushToUser(db: Db, sender: PushSender, log: FastifyBaseLogger, userId: string, payload: string): Promise<void> {
  const targets = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await Promise.all(targets.map((target) => pushOne(db, sender, log, target, payload)));
}

async function pushOne(db: Db, sender: PushSender, log: FastifyBaseLogger, target: PushTarget & { id: string }, payload: string): Promise<void> {
  try {
    const { statusCode } = await sender.send(target, payload);
    if (statusCode === 404 || statusCode === 410) {
      // Gone for good (unsubscribed, expired): the same row only, in case the browser subscribed again meanwhile.
      await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, target.id), eq(pushSubscriptions.p256dh, target.p256dh)));
    } else if (statusCode < 200 || statusCode >= 300) {
      log.warn({ pushService: originOf(target.endpoint), statusCode }, 'web push refused');
    }
  } catch (err) {
    log.warn({ err, pushService: originOf(target.endpoint) }, 'web push failed');
  }
}
