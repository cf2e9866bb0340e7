/**
 * What each creator has published, counted when a profile is shown rather than kept in
 * counters: published posts, photos (in published galleries and in published posts), published videos, active
 * products, and the likes their posts received. Grouped queries for a whole page of profiles.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { publishedFeedCounts, publishedPostPhotoCounts } from '../domains/feeds/index.js';
import { feeds } from '../domains/feeds/feeds.tables.js';
import { countPublishedPhotos } from '../domains/galleries/index.js';
import { activeProductCounts } from '../domains/products/index.js';
import { reactions } from '../domains/reactions/reactions.tables.js';
import { publishedVideoCounts } from '../domains/videos/index.js';

export interface ContentTotals {
  feeds: number;
  photos: number;
  videos: number;
  products: number;
  /** Likes on the creator's posts. */
  likes: number;
}

async function postLikes(db: DbOrTx, performerIds: readonly string[]): Promise<Map<string, number>> {
  if (performerIds.length === 0) return new Map();
  const rows = await db
    .select({ id: feeds.performerId, n: count() })
    .from(reactions)
    .innerJoin(feeds, eq(feeds.id, reactions.objectId))
    .where(and(eq(reactions.objectType, 'feed'), eq(reactions.action, 'like'), inArray(feeds.performerId, [...performerIds])))
    .groupBy(feeds.performerId);
  return new Map(rows.map((row) => [row.id, row.n]));
}

export async function contentTotals(db: DbOrTx, performerIds: readonly string[]): Promise<Map<string, ContentTotals>> {
  const [feedCounts, galleryPhotos, postPhotos, videos, products, likes] = await Promise.all([
    publishedFeedCounts(db, performerIds),
    countPublishedPhotos(db, performerIds),
    publishedPostPhotoCounts(db, performerIds),
    publishedVideoCounts(db, performerIds),
    activeProductCounts(db, performerIds),
    postLikes(db, performerIds),
  ]);
  return new Map(performerIds.map((id) => [id, { feeds: feedCounts.get(id) ?? 0, photos: (galleryPhotos.get(id) ?? 0) + (postPhotos.get(id) ?? 0), videos: videos.get(id) ?? 0, products: products.get(id) ?? 0, likes: likes.get(id) ?? 0 }]));
}
