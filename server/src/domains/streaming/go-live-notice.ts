/**
 * A creator went live: their followers and active subscribers are told once per stream, in
 * the site (`send_notification`) and by web push, through the notifications' extension point
 * (`notify` stores the row, sends it live and pushes it to each of the user's browsers). The
 * notification's `data` names the creator and the stream, so the site and the service worker
 * link it to `/live/{username}`.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { users } from '../accounts/accounts.tables.js';
import { userBlocks } from '../blocks/blocks.tables.js';
import { follows } from '../follows/follows.tables.js';
import { subscriptions } from '../subscriptions/subscriptions.tables.js';
import type { NotificationsExtension } from '../notifications/index.js';
import type { StreamRow } from './streaming.presenter.js';

/** How many notifications are stored and pushed at a time: a large audience is told in batches. */
const BATCH = 20;

/**
 * Who hears that this stream started: the creator's active subscribers, and for a stream
 * open to everyone their followers too (a subscribers-only stream would only lock them out);
 * never the creator, nor a fan the creator blocked. Each once, however they are related.
 */
export async function goLiveAudience(ctx: AppContext, row: StreamRow): Promise<string[]> {
  const creator = row.performerId;
  const [subscribed, following, blocked] = await Promise.all([
    ctx.db
      .selectDistinct({ id: subscriptions.userId })
      .from(subscriptions)
      .where(and(eq(subscriptions.performerId, creator), eq(subscriptions.status, 'active'), gt(subscriptions.expiredAt, ctx.now()))),
    row.subscribersOnly ? Promise.resolve([]) : ctx.db.select({ id: follows.followerId }).from(follows).where(eq(follows.performerId, creator)),
    ctx.db.select({ id: userBlocks.userId }).from(userBlocks).where(eq(userBlocks.performerId, creator)),
  ]);
  const skip = new Set([creator, ...blocked.map((b) => b.id)]);
  return [...new Set([...subscribed, ...following].map((r) => r.id))].filter((id) => !skip.has(id));
}

/**
 * Tells the audience, without throwing (a failure is logged and the stream goes on). Called
 * after the stream's row committed, not awaited by the request.
 */
export async function announceGoLive(ctx: AppContext, notifications: NotificationsExtension, row: StreamRow, log: FastifyBaseLogger): Promise<number> {
  try {
    const [creator] = await ctx.db.select({ username: users.username }).from(users).where(eq(users.id, row.performerId)).limit(1);
    const audience = await goLiveAudience(ctx, row);
    const data = { actorId: row.performerId, performerId: row.performerId, performerUsername: creator?.username ?? null, streamId: row.id, title: row.title };
    for (let at = 0; at < audience.length; at += BATCH) {
      await Promise.all(audience.slice(at, at + BATCH).map((userId) => notifications.notify({ userId, type: 'stream.live', data })));
    }
    return audience.length;
  } catch (error) {
    log.error({ err: error, streamId: row.id }, 'telling followers a stream started failed');
    return 0;
  }
}
