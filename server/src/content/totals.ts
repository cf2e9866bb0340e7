/**
 * What each creator has published, counted when a profile is shown rather than kept in
 * counters: photos in published galleries, published videos, active products, and the
 * likes their posts received. Grouped queries for a whole page of profiles.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { feeds, reactions } from '../db/schema/index.js';
import { countPublishedPhotos } from '../domains/galleries/photos.service.js';
import { activeProductCounts } from '../domains/products/products.service.js';
import { publishedVideoCounts } from '../domains/videos/videos.service.js';

export interface ContentTotals {
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
  const [photos, videos, products, likes] = await Promise.all([
    countPublishedPhotos(db, performerIds),
    publishedVideoCounts(db, performerIds),
    activeProductCounts(db, performerIds),
    postLikes(db, performerIds),
  ]);
  return new Map(performerIds.map((id) => [id, { photos: photos.get(id) ?? 0, videos: videos.get(id) ?? 0, products: products.get(id) ?? 0, likes: likes.get(id) ?? 0 }]));
}
