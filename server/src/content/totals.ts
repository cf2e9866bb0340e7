/**
 * What each creator has published, counted when a profile is shown rather than kept in
 * counters: published posts, photos in published galleries, published videos and active products.
 * Grouped queries for a whole page of profiles.
 */
import type { DbOrTx } from '../db/client.js';
import { publishedFeedCounts } from '../domains/feeds/index.js';
import { countPublishedPhotos } from '../domains/galleries/index.js';
import { activeProductCounts } from '../domains/products/index.js';
import { publishedVideoCounts } from '../domains/videos/index.js';

export interface ContentTotals {
  feeds: number;
  photos: number;
  videos: number;
  products: number;
}

export async function contentTotals(db: DbOrTx, performerIds: readonly string[]): Promise<Map<string, ContentTotals>> {
  const [feeds, photos, videos, products] = await Promise.all([
    publishedFeedCounts(db, performerIds),
    countPublishedPhotos(db, performerIds),
    publishedVideoCounts(db, performerIds),
    activeProductCounts(db, performerIds),
  ]);
  return new Map(performerIds.map((id) => [id, { feeds: feeds.get(id) ?? 0, photos: photos.get(id) ?? 0, videos: videos.get(id) ?? 0, products: products.get(id) ?? 0 }]));
}
