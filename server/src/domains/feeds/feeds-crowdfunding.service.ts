import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { feedCrowdfunding, feedCrowdfundingBackers } from './feeds.tables.js';
import { unprocessable } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import { fromCents } from '../../money/amounts.js';
import type { CrowdfundingInput } from './feeds.schemas.js';

export const crowdfundingSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Decimal units. */
  goal: z.number(),
  /** Decimal units: every contribution so far. */
  raised: z.number(),
  /** How many fans contributed (each counted once). */
  contributors: z.number().int(),
  /** `raised` is at least `goal` (contributions stay open). */
  reached: z.boolean(),
});
export type CrowdfundingDto = z.infer<typeof crowdfundingSchema>;

type CrowdfundingRow = typeof feedCrowdfunding.$inferSelect;

export const presentCrowdfunding = (row: CrowdfundingRow): CrowdfundingDto => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  goal: fromCents(row.goalCents),
  raised: fromCents(row.raisedCents),
  contributors: row.contributors,
  reached: row.raisedCents >= row.goalCents,
});

/** A goal, not yet in a post: it is linked by POST /performer/feeds with `crowdfundingId`. */
export async function createCrowdfunding(ctx: AppContext, creator: AuthUser, input: CrowdfundingInput): Promise<CrowdfundingDto> {
  const [row] = await ctx.db.insert(feedCrowdfunding).values({ performerId: creator.id, title: input.title, description: input.description, goalCents: input.goal }).returning();
  return presentCrowdfunding(row!);
}

/** Gives a crowdfunding post its goal, or keeps the one it has (the rules of `linkPoll`). */
export async function linkCrowdfunding(tx: Tx, creatorId: string, feedId: string, isCrowdfundingPost: boolean, crowdfundingId: string | undefined): Promise<void> {
  const [linked] = await tx.select({ id: feedCrowdfunding.id }).from(feedCrowdfunding).where(eq(feedCrowdfunding.feedId, feedId));
  if (!isCrowdfundingPost) {
    if (crowdfundingId !== undefined) throw unprocessable('feeds.crowdfunding_invalid', 'body.crowdfundingId: only a crowdfunding post has a goal');
    return;
  }
  const wanted = crowdfundingId ?? linked?.id;
  if (!wanted) throw unprocessable('feeds.crowdfunding_invalid', 'body.crowdfundingId: a crowdfunding post needs its goal (POST /performer/feeds/crowdfunding)');
  if (linked) {
    if (linked.id !== wanted) throw unprocessable('feeds.crowdfunding_invalid', 'body.crowdfundingId: a post keeps its goal');
    return;
  }
  const taken = await tx
    .update(feedCrowdfunding)
    .set({ feedId })
    .where(and(eq(feedCrowdfunding.id, wanted), eq(feedCrowdfunding.performerId, creatorId), isNull(feedCrowdfunding.feedId)))
    .returning({ id: feedCrowdfunding.id });
  if (taken.length === 0) throw unprocessable('feeds.crowdfunding_invalid', 'body.crowdfundingId: not one of your goals, or it is in another post');
}

/**
 * Adds a paid contribution to its goal, in the charge's transaction: the fan's running total
 * (a first contribution makes them a contributor), then one atomic increment of the goal, so
 * concurrent contributions never lose one another.
 */
export async function addContribution(tx: Tx, crowdfundingId: string, fanId: string, cents: number): Promise<void> {
  const first = await tx
    .insert(feedCrowdfundingBackers)
    .values({ crowdfundingId, userId: fanId, amountCents: cents })
    .onConflictDoNothing()
    .returning({ userId: feedCrowdfundingBackers.userId });
  if (first.length === 0) {
    await tx
      .update(feedCrowdfundingBackers)
      .set({ amountCents: sql`${feedCrowdfundingBackers.amountCents} + ${cents}`, updatedAt: new Date() })
      .where(and(eq(feedCrowdfundingBackers.crowdfundingId, crowdfundingId), eq(feedCrowdfundingBackers.userId, fanId)));
  }
  await tx
    .update(feedCrowdfunding)
    .set({
      raisedCents: sql`${feedCrowdfunding.raisedCents} + ${cents}`,
      contributors: sql`${feedCrowdfunding.contributors} + ${first.length > 0 ? 1 : 0}`,
      updatedAt: new Date(),
    })
    .where(eq(feedCrowdfunding.id, crowdfundingId));
}

/** The goals of these posts, by post id. */
export async function crowdfundingOf(db: DbOrTx, feedIds: readonly string[]): Promise<Map<string, CrowdfundingDto>> {
  if (feedIds.length === 0) return new Map();
  const rows = await db.select().from(feedCrowdfunding).where(inArray(feedCrowdfunding.feedId, [...feedIds]));
  return new Map(rows.map((row) => [row.feedId!, presentCrowdfunding(row)]));
}
