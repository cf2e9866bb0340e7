/**
 * The demo audience at work: who follows and subscribes to each creator, who liked which
 * post and who voted in the polls, written as the rows the counts are made of. Follower
 * counts move with the rows, as `follows` does; subscriber counts are recounted from the
 * rows by the subscriptions domain, and each subscription has its renewal job (a `system`
 * subscription, granted by the platform, ends at its `expiredAt` without any charge).
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import { users } from '../domains/accounts/accounts.tables.js';
import { feedPollOptions, feedPolls, feedPollVotes } from '../domains/feeds/feeds.tables.js';
import { follows } from '../domains/follows/follows.tables.js';
import { performers } from '../domains/performers/performers.tables.js';
import { reactions } from '../domains/reactions/reactions.tables.js';
import { subscriptions } from '../domains/subscriptions/subscriptions.tables.js';
import { recountSubscribers, scheduleRenewal } from '../domains/subscriptions/index.js';
import { DEMO_AUDIENCE, type DemoCreator, type DemoPost } from './demo-content.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SeededPost {
  feedId: string;
  post: DemoPost;
}

export interface SeededCreator {
  id: string;
  spec: DemoCreator;
  posts: SeededPost[];
}

/** `count` of the audience, starting at a creator's own offset, so each creator has other fans. */
const pick = <T>(list: readonly T[], offset: number, count: number): T[] => Array.from({ length: Math.min(count, list.length) }, (_, k) => list[(offset + k) % list.length]!);

export async function seedAudience(tx: Tx, ctx: AppContext, creators: readonly SeededCreator[], passwordHash: string): Promise<void> {
  const now = ctx.now();
  const fans = await tx
    .insert(users)
    .values(DEMO_AUDIENCE.map((account) => ({ ...account, passwordHash, verifiedEmail: true, status: 'active' as const })))
    .returning({ id: users.id });
  const fanIds = fans.map((fan) => fan.id);

  for (const [index, creator] of creators.entries()) {
    const offset = index * 5;
    const followers = pick(fanIds, offset, creator.spec.audience.followers);
    if (followers.length) {
      await tx.insert(follows).values(followers.map((followerId, k) => ({ followerId, performerId: creator.id, createdAt: new Date(now.getTime() - (k + 1) * DAY_MS) })));
      await tx.update(performers).set({ followersCount: sql`${performers.followersCount} + ${followers.length}` }).where(eq(performers.userId, creator.id));
    }

    const subscribers = pick(fanIds, offset, creator.spec.audience.subscribers);
    for (const [k, userId] of subscribers.entries()) {
      const startedAt = new Date(now.getTime() - (k * 3 + 2) * DAY_MS);
      const expiredAt = new Date(startedAt.getTime() + 365 * DAY_MS);
      const [row] = await tx
        .insert(subscriptions)
        .values({ userId, performerId: creator.id, subscriptionType: 'system', status: 'active', priceCents: 0, startedAt, expiredAt, createdAt: startedAt, updatedAt: startedAt })
        .returning({ id: subscriptions.id });
      await scheduleRenewal(tx, ctx, row!.id, expiredAt);
    }
    if (subscribers.length) await recountSubscribers(tx, creator.id, now);

    for (const [j, { feedId, post }] of creator.posts.entries()) {
      const likers = pick(fanIds, offset + j * 3, 2 + ((index * 5 + j * 7) % 11));
      await tx.insert(reactions).values(likers.map((userId) => ({ userId, objectType: 'feed' as const, objectId: feedId, action: 'like' as const })));
      if (post.poll) await seedPoll(tx, creator.id, feedId, post.poll, pick(fanIds, offset + j, fanIds.length));
    }
  }
}

/** A poll post's poll, its options, and the votes of the audience (each voter once). */
async function seedPoll(tx: Tx, performerId: string, feedId: string, poll: NonNullable<DemoPost['poll']>, voters: string[]): Promise<void> {
  const totalVotes = poll.votes.reduce((sum, n) => sum + n, 0);
  const [row] = await tx.insert(feedPolls).values({ performerId, feedId, description: '', totalVotes }).returning({ id: feedPolls.id });
  const options = await tx
    .insert(feedPollOptions)
    .values(poll.options.map((description, position) => ({ pollId: row!.id, position, description, total: poll.votes[position] ?? 0 })))
    .returning({ id: feedPollOptions.id });
  const votes = options.flatMap((option, position) => Array.from({ length: poll.votes[position] ?? 0 }, () => option.id));
  if (votes.length) await tx.insert(feedPollVotes).values(votes.map((optionId, k) => ({ pollId: row!.id, userId: voters[k]!, optionId })));
}
