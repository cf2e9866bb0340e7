/**
 * What each creator has published, counted when a profile is shown rather than kept in
 * counters: photos in published galleries, published videos and active products. Grouped queries for
 * a whole page of profiles.
 */
import type { DbOrTx } from '../db/client.js';
import { countPublishedPhotos } from '../domains/galleries/index.js';
import { activeProductCounts } from '../domains/products/index.js';
import { publishedVideoCounts } from '../domains/videos/index.js';

export async function contentTotals(db: DbOrTx, performerIds: readonly string[]): Promise<Map<string, { photos: number; videos: number; products: number }>> {
  const [photos, videos, products] = await Promise.all([countPublishedPhotos(db, performerIds), publishedVideoCounts(db, performerIds), activeProductCounts(db, performerIds)]);
  return new Map(performerIds.map((id) => [id, { photos: photos.get(id) ?? 0, videos: videos.get(id) ?? 0, products: products.get(id) ?? 0 }]));
}
