import { and, count, desc, eq, inArray, not, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { assertNotBlocked, blockersOf } from '../../content/blocks.js';
import { users } from '../accounts/accounts.tables.js';
import { performers } from '../performers/performers.tables.js';
import { follows } from './follows.tables.js';
import { unprocessable } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import { creatorInScopeCondition, type PageScope } from '../../http/page-scope.js';
import type { ListQuery } from '../../http/pagination.js';
import { toPage } from '../../http/pagination.js';
import { AVATAR_PLACEHOLDER, fileUrl } from '../accounts/index.js';
import { findCreatorId } from '../feeds/index.js';
import type { NotificationsExtension } from '../notifications/index.js';

/**
 * Follows a creator; following again changes nothing; a fan the creator blocked may not
 * (403). The creator's follower count moves in the same transaction as the row, so it
 * always equals the rows.
 */
export async function follow(ctx: AppContext, fan: AuthUser, creatorRef: string, notifications?: NotificationsExtension): Promise<{ creatorId: string; following: true }> {
  const fanId = fan.id;
  const creatorId = await findCreatorId(ctx.db, creatorRef);
  if (creatorId === fanId) throw unprocessable('follows.self', 'You cannot follow yourself');
  await assertNotBlocked(ctx.db, creatorId, fan);
  const isNew = await ctx.db.transaction(async (tx) => {
    const added = await tx.insert(follows).values({ followerId: fanId, performerId: creatorId }).onConflictDoNothing().returning({ id: follows.performerId });
    if (added.length) await tx.update(performers).set({ followersCount: sql`${performers.followersCount} + 1` }).where(eq(performers.userId, creatorId));
    return added.length > 0;
  });
  // After commit, without waiting: the creator hears of a new follower (never of a repeat).
  if (isNew) void notifications?.notify({ userId: creatorId, type: 'follow.created', data: { actorId: fanId } });
  return { creatorId, following: true };
}

/** Stops following; unfollowing a creator one does not follow changes nothing. The count never goes below 0. */
export async function unfollow(ctx: AppContext, fanId: string, creatorRef: string): Promise<{ creatorId: string; following: false }> {
  const creatorId = await findCreatorId(ctx.db, creatorRef);
  await ctx.db.transaction(async (tx) => {
    const removed = await tx.delete(follows).where(and(eq(follows.followerId, fanId), eq(follows.performerId, creatorId))).returning({ id: follows.performerId });
    if (removed.length) await tx.update(performers).set({ followersCount: sql`greatest(${performers.followersCount} - 1, 0)` }).where(eq(performers.userId, creatorId));
  });
  return { creatorId, following: false };
}

/** One side of follows, newest first: the creator's followers, or the creators a fan follows (on a partner's page, `scope`: only the creators who own it). */
export async function listFollows(ctx: AppContext, side: { followersOf: string } | { followedBy: string; scope?: PageScope | null }, query: ListQuery) {
  const page = toPage(query);
  // A fan does not see the creators who blocked them, even ones followed before the block.
  const where =
    'followersOf' in side
      ? eq(follows.performerId, side.followersOf)
      : and(
          eq(follows.followerId, side.followedBy),
          not(inArray(follows.performerId, blockersOf(ctx.db, side.followedBy))),
          creatorInScopeCondition(side.scope ?? null, follows.performerId),
        );
  const other = 'followersOf' in side ? follows.followerId : follows.performerId;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ id: users.id, username: users.username, name: users.name, avatarPath: users.avatarPath, followedAt: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, other))
      .where(where)
      .orderBy(desc(follows.createdAt), desc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(follows).where(where),
  ]);
  const items = rows.map((r) => ({
    _id: r.id,
    username: r.username,
    name: r.name,
    avatar: fileUrl(ctx.config.publicOrigin, r.avatarPath, AVATAR_PLACEHOLDER),
    followedAt: r.followedAt.toISOString(),
  }));
  return { items, total: total?.total ?? 0 };
}
