/** Shared by the outreach tests (not a test file itself). */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestApp, createUser, multipartForm, signIn, type TestApp } from '../../../test/helpers.js';
import type { App } from '../../app.js';
import type { AppContext } from '../../context.js';
import { newId } from '../../db/schema/ids.js';
import { conversationMembers, follows, jobs, messages, subscriptions, userBlocks, userPermissions, users } from '../../db/schema/index.js';
import type { PermissionKey } from '../auth/permissions.js';
import type { MessagingExtension } from '../messaging/messaging.extension.js';
import type { NotificationsExtension } from '../notifications/notifications.extension.js';
import { defineDomain } from '../plugin.js';
import { recordingRealtime } from '../wallet/wallet-test-kit.js';
import type { SendDirect } from './mass-send.job.js';

export interface OutreachTestApp extends TestApp {
  /** The registered domains' extension points, as outreach sees them. */
  messaging: MessagingExtension;
  notifications: NotificationsExtension;
  realtime: ReturnType<typeof recordingRealtime>;
}

/** The real app (live events recorded) with a test-only domain that hands out the messaging and notifications extensions. */
export async function outreachTestApp(now?: () => Date): Promise<OutreachTestApp> {
  const realtime = recordingRealtime();
  const seen: { messaging?: MessagingExtension; notifications?: NotificationsExtension } = {};
  const probe = defineDomain({
    name: 'outreach-test-probe',
    dependsOn: ['messaging', 'notifications'],
    register(_api, _ctx, deps) {
      seen.messaging = deps.get('messaging');
      seen.notifications = deps.get('notifications');
    },
  });
  const t = await createTestApp({ realtime, ...(now ? { now } : {}) }, {}, { extraDomains: [probe] });
  return { ...t, messaging: seen.messaging!, notifications: seen.notifications!, realtime };
}

/**
 * The hooks of a test file on one app: started (on `now`) before the file's tests, which
 * `use` hands to the file, with no job queued before each test, and closed after them.
 */
export function withOutreachTestApp(use: (t: OutreachTestApp) => void, now?: () => Date): void {
  let t: OutreachTestApp | undefined;
  beforeAll(async () => {
    t = await outreachTestApp(now);
    use(t);
  });
  beforeEach(async () => {
    await t!.ctx.db.delete(jobs);
  });
  afterAll(async () => {
    await t?.close();
  });
}

export function call(app: App, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) {
  return app.inject({ method, url: `/api${url}`, headers: { authorization: token }, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
}

export async function signedIn(t: TestApp, values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.ctx, values);
  return { user, token: await signIn(t.app, user.email) };
}

/** A manager holding these permissions, signed in. */
export async function staffWith(t: TestApp, permissions: PermissionKey[]) {
  const staff = await signedIn(t, { role: 'manager' });
  if (permissions.length) await t.ctx.db.insert(userPermissions).values(permissions.map((permissionKey) => ({ userId: staff.user.id, permissionKey })));
  return staff;
}

let bulk = 0;
/** `count` fans inserted in one statement (they never sign in), their ids in id order. */
export async function bulkFans(ctx: AppContext, count: number): Promise<string[]> {
  bulk += 1;
  const tag = `${process.env.VITEST_POOL_ID ?? 0}b${bulk}${Date.now().toString(36)}`;
  const rows = Array.from({ length: count }, (_, i) => ({ id: newId(), role: 'user' as const, email: `f${tag}n${i}@example.test`, username: `f${tag}n${i}`, name: `Fan ${i}`, passwordHash: 'x' }));
  await ctx.db.insert(users).values(rows);
  return rows.map((r) => r.id).sort();
}

/** Active subscriptions (or, with `expired`, ones whose access ended yesterday) of these fans to the creator. */
export async function subscribeAll(ctx: AppContext, creatorId: string, fanIds: string[], options: { expired?: boolean } = {}) {
  if (fanIds.length === 0) return;
  const now = ctx.now().getTime();
  const day = 86_400_000;
  await ctx.db.insert(subscriptions).values(
    fanIds.map((userId) => ({
      userId,
      performerId: creatorId,
      subscriptionType: 'monthly' as const,
      status: 'active' as const,
      priceCents: 990,
      startedAt: new Date(now - 3 * day),
      expiredAt: new Date(options.expired ? now - day : now + 30 * day),
    })),
  );
}

export async function followAll(ctx: AppContext, creatorId: string, fanIds: string[]) {
  if (fanIds.length) await ctx.db.insert(follows).values(fanIds.map((followerId) => ({ followerId, performerId: creatorId })));
}

export async function blockAll(ctx: AppContext, creatorId: string, fanIds: string[]) {
  if (fanIds.length) await ctx.db.insert(userBlocks).values(fanIds.map((userId) => ({ performerId: creatorId, userId })));
}

/** The fans holding a copy of the mass message (the other member of each copy's conversation), one entry per copy. */
export async function recipientsOf(ctx: AppContext, massId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ userId: conversationMembers.userId })
    .from(messages)
    .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, messages.conversationId), ne(conversationMembers.userId, messages.senderId)))
    .where(eq(messages.massId, massId));
  return rows.map((r) => r.userId).sort();
}

/** Marks the copies received by these fans as opened (the messaging domain's opened call does this). */
export async function markOpened(ctx: AppContext, massId: string, fanIds: string[]) {
  const conversationsOfFans = ctx.db.select({ id: conversationMembers.conversationId }).from(conversationMembers).where(inArray(conversationMembers.userId, fanIds));
  await ctx.db
    .update(messages)
    .set({ openedAt: sql`now()` })
    .where(and(eq(messages.massId, massId), inArray(messages.conversationId, conversationsOfFans)));
}

/**
 * A `sendDirect` that passes each call to the real one and counts, and may fail once: the
 * call numbered `failAt` throws before sending, as a process dying mid-batch would stop.
 */
export function countingSend(real: SendDirect, options: { failAt?: number } = {}) {
  const stats = { calls: 0, created: 0, skipped: 0 };
  let failAt = options.failAt;
  const send: SendDirect = async (input) => {
    stats.calls += 1;
    if (failAt !== undefined && stats.calls === failAt) {
      failAt = undefined;
      throw new Error('the worker died here');
    }
    const result = await real(input);
    if ('skipped' in result) stats.skipped += 1;
    else if (result.created) stats.created += 1;
    return result;
  };
  return { send, stats };
}

let photoSerial = 0;
/** A small PNG, different each time. */
export async function pngBytes(): Promise<Buffer> {
  photoSerial += 1;
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: (photoSerial * 37) % 256, g: 90, b: 160 } } })
    .png()
    .toBuffer();
}

/** Uploads a photo through an outreach upload route; answers the response. */
export async function uploadPhotoTo(app: App, url: string, token: string) {
  const form = multipartForm([{ name: 'file', filename: 'photo.png', contentType: 'image/png', data: await pngBytes() }]);
  return app.inject({ method: 'POST', url: `/api${url}`, payload: form.payload, headers: { ...form.headers, authorization: token } });
}
