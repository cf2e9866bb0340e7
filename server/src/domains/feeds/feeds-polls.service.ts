import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { entitledIds } from '../../content/entitlement.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { feedPollOptions, feedPolls, feedPollVotes } from './feeds.tables.js';
import { conflict, forbidden, notFound, unprocessable } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import { findFeed } from './feeds.queries.js';
import type { PollInput } from './feeds.schemas.js';

export const pollSchema = z.object({
  _id: z.string(),
  description: z.string(),
  /** ISO; votes are refused from then on. Null: open. */
  expiredAt: z.string().nullable(),
  options: z.array(z.object({ _id: z.string(), description: z.string(), total: z.number().int() })),
  totalVotes: z.number().int(),
  /** The option the viewer voted for; null when they have not (or are signed out). */
  myVote: z.string().nullable(),
});
export type PollDto = z.infer<typeof pollSchema>;

const NO_SUCH_OPTION = 'No such poll option';

/** A poll with its options, not yet in a post: it is linked by POST /performer/feeds with `pollId`. */
export async function createPoll(ctx: AppContext, creator: AuthUser, input: PollInput): Promise<PollDto> {
  return ctx.db.transaction(async (tx) => {
    const [poll] = await tx
      .insert(feedPolls)
      .values({ performerId: creator.id, description: input.description, expiredAt: input.expiredAt ? new Date(input.expiredAt) : null })
      .returning();
    const options = await tx
      .insert(feedPollOptions)
      .values(input.options.map((description, position) => ({ pollId: poll!.id, position, description })))
      .returning();
    return {
      _id: poll!.id,
      description: poll!.description,
      expiredAt: poll!.expiredAt?.toISOString() ?? null,
      options: options.sort((a, b) => a.position - b.position).map((o) => ({ _id: o.id, description: o.description, total: o.total })),
      totalVotes: 0,
      myVote: null,
    };
  });
}

/**
 * Gives a post its poll, or keeps the one it has. A poll post needs one; the poll must be the
 * creator's and in no other post (the conditional update makes two posts racing for one poll
 * a refusal, not a double link); a post keeps its poll for good.
 */
export async function linkPoll(tx: Tx, creatorId: string, feedId: string, isPollPost: boolean, pollId: string | undefined): Promise<void> {
  const [linked] = await tx.select({ id: feedPolls.id }).from(feedPolls).where(eq(feedPolls.feedId, feedId));
  if (!isPollPost) {
    if (pollId !== undefined) throw unprocessable('feeds.poll_invalid', 'body.pollId: only a poll post has a poll');
    return;
  }
  const wanted = pollId ?? linked?.id;
  if (!wanted) throw unprocessable('feeds.poll_invalid', 'body.pollId: a poll post needs its poll (POST /performer/feeds/polls)');
  if (linked) {
    if (linked.id !== wanted) throw unprocessable('feeds.poll_invalid', 'body.pollId: a post keeps its poll');
    return;
  }
  const taken = await tx
    .update(feedPolls)
    .set({ feedId })
    .where(and(eq(feedPolls.id, wanted), eq(feedPolls.performerId, creatorId), isNull(feedPolls.feedId)))
    .returning({ id: feedPolls.id });
  if (taken.length === 0) throw unprocessable('feeds.poll_invalid', 'body.pollId: not one of your polls, or it is in another post');
}

/**
 * A fan's vote for a poll option (`:id` is the option's id): once per poll, while it is open,
 * on a post the fan may see (404 like the post otherwise, blocked fans included) and has
 * unlocked when it is paid. The vote's primary key (poll, fan) decides between concurrent
 * votes: the one that inserts counts, the others are 409 `polls.already_voted`.
 */
/** Answers the id of the poll's post. */
export async function vote(ctx: AppContext, fan: AuthUser, optionId: string, country: string | null): Promise<string> {
  const [target] = await ctx.db
    .select({ optionId: feedPollOptions.id, pollId: feedPolls.id, feedId: feedPolls.feedId, expiredAt: feedPolls.expiredAt })
    .from(feedPollOptions)
    .innerJoin(feedPolls, eq(feedPolls.id, feedPollOptions.pollId))
    .where(eq(feedPollOptions.id, optionId));
  if (!target?.feedId) throw notFound('polls.not_found', NO_SUCH_OPTION);
  const { feed } = await findFeed(ctx, target.feedId, fan, country);
  if (feed.type !== 'poll') throw notFound('polls.not_found', NO_SUCH_OPTION);
  const open = await entitledIds(ctx.db, fan, 'feed', [{ id: feed.id, performerId: feed.performerId, isSale: feed.isSale, priceCents: feed.priceCents, subscribersOnly: feed.subscribersOnly }], ctx.now());
  if (!open.has(feed.id)) throw forbidden('content.locked', 'Unlock this post to vote');
  if (target.expiredAt && target.expiredAt.getTime() <= Date.now()) throw unprocessable('polls.closed', 'This poll is closed');
  await ctx.db.transaction(async (tx) => {
    const cast = await tx.insert(feedPollVotes).values({ pollId: target.pollId, userId: fan.id, optionId }).onConflictDoNothing().returning({ pollId: feedPollVotes.pollId });
    if (cast.length === 0) throw conflict('polls.already_voted', 'You have already voted in this poll');
    await tx.update(feedPollOptions).set({ total: sql`${feedPollOptions.total} + 1` }).where(eq(feedPollOptions.id, optionId));
    await tx.update(feedPolls).set({ totalVotes: sql`${feedPolls.totalVotes} + 1` }).where(eq(feedPolls.id, target.pollId));
  });
  return feed.id;
}

/** The polls of these posts, with their counts and the viewer's vote, by post id (three queries). */
export async function pollsOf(db: DbOrTx, viewerId: string | null, feedIds: readonly string[]): Promise<Map<string, PollDto>> {
  const out = new Map<string, PollDto>();
  if (feedIds.length === 0) return out;
  const polls = await db.select().from(feedPolls).where(inArray(feedPolls.feedId, [...feedIds]));
  if (polls.length === 0) return out;
  const pollIds = polls.map((p) => p.id);
  const [options, mine] = await Promise.all([
    db.select().from(feedPollOptions).where(inArray(feedPollOptions.pollId, pollIds)).orderBy(asc(feedPollOptions.pollId), asc(feedPollOptions.position)),
    viewerId
      ? db.select({ pollId: feedPollVotes.pollId, optionId: feedPollVotes.optionId }).from(feedPollVotes).where(and(eq(feedPollVotes.userId, viewerId), inArray(feedPollVotes.pollId, pollIds)))
      : Promise.resolve([]),
  ]);
  const votes = new Map(mine.map((v) => [v.pollId, v.optionId]));
  for (const poll of polls) {
    out.set(poll.feedId!, {
      _id: poll.id,
      description: poll.description,
      expiredAt: poll.expiredAt?.toISOString() ?? null,
      options: options.filter((o) => o.pollId === poll.id).map((o) => ({ _id: o.id, description: o.description, total: o.total })),
      totalVotes: poll.totalVotes,
      myVote: votes.get(poll.id) ?? null,
    });
  }
  return out;
}
