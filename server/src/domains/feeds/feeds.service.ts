import { saleOf } from '../../content/sale.js';
import path from 'node:path';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { files } from '../../media/files.tables.js';
import { performers } from '../performers/performers.tables.js';
import { feedFiles, feeds } from './feeds.tables.js';
import { notFound, unprocessable } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import { requireApprovedToSell } from '../accounts/index.js';
import { linkCrowdfunding } from './feeds-crowdfunding.service.js';
import { linkPoll } from './feeds-polls.service.js';
import { previewFilesOf, setPreviews } from './feeds-previews.js';
import { NO_SUCH_FEED, type FeedRow } from './feeds.queries.js';
import { PREVIEWED_FEED_TYPES, PUBLISHED_FEED_TYPES, type FeedInput, type FeedUpdate, type PublishedFeedType } from './feeds.schemas.js';

export const FEED_PHOTO_PURPOSE = 'feed-photo';
export const FEED_VIDEO_PURPOSE = 'feed-video';
export const FEED_AUDIO_PURPOSE = 'feed-audio';

/** The kinds of post whose media are uploads of one purpose, and how many they take. */
const MEDIA_OF: Partial<Record<PublishedFeedType, { purpose: string; noun: string; min: number; max: number }>> = {
  photo: { purpose: FEED_PHOTO_PURPOSE, noun: 'photo', min: 1, max: Infinity },
  video: { purpose: FEED_VIDEO_PURPOSE, noun: 'video', min: 1, max: 1 },
  audio: { purpose: FEED_AUDIO_PURPOSE, noun: 'audio file', min: 1, max: 1 },
};

/**
 * The media of a post: the creator's own uploads of the post's kind, each in one post only
 * (this one, when it is being edited). Text, poll and crowdfunding posts have none; a photo
 * post at least one photo; a video post one video; an audio post one audio file.
 */
async function checkFiles(tx: Tx, creatorId: string, type: PublishedFeedType, fileIds: readonly string[], feedId: string | null): Promise<void> {
  if (new Set(fileIds).size !== fileIds.length) throw unprocessable('feeds.files_invalid', 'body.fileIds: a file is listed twice');
  const media = MEDIA_OF[type];
  if (!media) {
    if (fileIds.length > 0) throw unprocessable('feeds.files_invalid', `body.fileIds: a ${type} post has no files`);
    return;
  }
  if (fileIds.length < media.min) throw unprocessable('feeds.files_invalid', `body.fileIds: a ${type} post needs ${media.max === 1 ? 'its' : 'at least one'} ${media.noun}`);
  if (fileIds.length > media.max) throw unprocessable('feeds.files_invalid', `body.fileIds: a ${type} post has exactly one ${media.noun}`);
  const purpose = media.purpose;
  const rows = await tx
    .select({ id: files.id, ownerId: files.ownerId, purpose: files.purpose, usedBy: feedFiles.feedId })
    .from(files)
    .leftJoin(feedFiles, eq(feedFiles.fileId, files.id))
    .where(inArray(files.id, [...fileIds]));
  const usable = rows.filter((r) => r.ownerId === creatorId && r.purpose === purpose && (r.usedBy === null || r.usedBy === feedId));
  if (usable.length !== fileIds.length) throw unprocessable('feeds.files_invalid', `body.fileIds: a file is not one of your uploaded ${media.noun}s, or is in another post`);
}

async function attachFiles(tx: Tx, feedId: string, fileIds: readonly string[]): Promise<void> {
  await tx.delete(feedFiles).where(eq(feedFiles.feedId, feedId));
  if (fileIds.length) await tx.insert(feedFiles).values(fileIds.map((fileId, position) => ({ feedId, fileId, position })));
}

export async function createFeed(ctx: AppContext, creator: AuthUser, input: FeedInput): Promise<FeedRow> {
  const sale = saleOf(input.isSale, input.price, 'post');
  return ctx.db.transaction(async (tx) => {
    if (sale.isSale) await requireApprovedToSell(tx, creator.id);
    await checkFiles(tx, creator.id, input.type, input.fileIds, null);
    const [feed] = await tx
      .insert(feeds)
      .values({ performerId: creator.id, type: input.type, text: input.text, ...sale, subscribersOnly: input.subscribersOnly, status: input.status, scheduledAt: input.scheduledAt ? new Date(input.scheduledAt) : null })
      .returning();
    await attachFiles(tx, feed!.id, input.fileIds);
    await linkExtras(tx, creator.id, feed!.id, input.type, input);
    await tx.update(performers).set({ feedsCount: sql`${performers.feedsCount} + 1` }).where(eq(performers.userId, creator.id));
    return feed!;
  });
}

/** The creator's own post, for editing; another creator's is a 404 like a missing one. */
async function ownFeed(db: DbOrTx, creatorId: string, id: string, lock = false): Promise<FeedRow> {
  const query = db.select().from(feeds).where(and(eq(feeds.id, id), eq(feeds.performerId, creatorId)));
  const [feed] = await (lock ? query.for('update') : query);
  if (!feed) throw notFound('feeds.not_found', NO_SUCH_FEED);
  return feed;
}

export async function updateFeed(ctx: AppContext, creator: AuthUser, id: string, patch: FeedUpdate): Promise<FeedRow> {
  return ctx.db.transaction(async (tx) => {
    const current = await ownFeed(tx, creator.id, id, true);
    const type = (patch.type ?? current.type) as PublishedFeedType;
    if (!PUBLISHED_FEED_TYPES.includes(type)) throw unprocessable('feeds.files_invalid', 'body.type: this post cannot be edited here');
    // A poll or a goal stays with its post, and a post with them: its votes and money are its.
    for (const [kind, code] of [['poll', 'feeds.poll_invalid'], ['crowdfunding', 'feeds.crowdfunding_invalid']] as const) {
      if ((current.type === kind) !== (type === kind)) throw unprocessable(code, `body.type: a ${kind} post is created as one and stays one`);
    }
    const sale = saleOf(patch.isSale ?? current.isSale, patch.price ?? (current.isSale ? current.priceCents : undefined), 'post');
    if (sale.isSale && !current.isSale) await requireApprovedToSell(tx, creator.id);
    const fileIds = patch.fileIds ?? (await tx.select({ id: feedFiles.fileId }).from(feedFiles).where(eq(feedFiles.feedId, id)).orderBy(asc(feedFiles.position))).map((r) => r.id);
    await checkFiles(tx, creator.id, type, fileIds, id);
    const [feed] = await tx
      .update(feeds)
      .set({
        type,
        ...(patch.text !== undefined ? { text: patch.text } : {}),
        ...sale,
        ...(patch.subscribersOnly !== undefined ? { subscribersOnly: patch.subscribersOnly } : {}),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
        ...(patch.scheduledAt !== undefined ? { scheduledAt: new Date(patch.scheduledAt) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(feeds.id, id))
      .returning();
    if (patch.fileIds) await attachFiles(tx, id, fileIds);
    await linkExtras(tx, creator.id, id, type, patch);
    return feed!;
  });
}

/** A post's poll, goal and previews, as the request names them (see `linkPoll`, `setPreviews`). */
async function linkExtras(tx: Tx, creatorId: string, feedId: string, type: PublishedFeedType, input: Pick<FeedUpdate, 'pollId' | 'crowdfundingId' | 'thumbnailId' | 'teaserId'>) {
  await linkPoll(tx, creatorId, feedId, type === 'poll', input.pollId);
  await linkCrowdfunding(tx, creatorId, feedId, type === 'crowdfunding', input.crowdfundingId);
  await setPreviews(tx, creatorId, feedId, PREVIEWED_FEED_TYPES.includes(type), { thumbnailId: input.thumbnailId, teaserId: input.teaserId });
}

/** Deletes a post and its media and previews (files and records), its poll and goal with it; the post count never goes below zero. */
export async function deleteFeed(ctx: AppContext, creator: AuthUser, id: string): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    await ownFeed(tx, creator.id, id, true);
    const attached = [
      ...(await tx.select({ id: files.id, path: files.storagePath }).from(feedFiles).innerJoin(files, eq(files.id, feedFiles.fileId)).where(eq(feedFiles.feedId, id))),
      ...(await previewFilesOf(tx, id)),
    ];
    await tx.delete(feeds).where(eq(feeds.id, id));
    if (attached.length) await tx.delete(files).where(inArray(files.id, attached.map((f) => f.id)));
    await tx.update(performers).set({ feedsCount: sql`greatest(${performers.feedsCount} - 1, 0)` }).where(eq(performers.userId, creator.id));
    return attached;
  });
  await Promise.all(removed.map((f) => ctx.store.remove(path.posix.dirname(f.path))));
}
