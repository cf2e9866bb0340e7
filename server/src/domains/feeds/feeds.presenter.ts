import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { entitledIds, type Viewer } from '../../content/entitlement.js';
import { and, count, eq, inArray } from 'drizzle-orm';
import { FILE_STATUSES, reactions, type files } from '../../db/schema/index.js';
import { fromCents } from '../../http/money.js';
import { signMediaPath } from '../../media/signed-links.js';
import { AVATAR_PLACEHOLDER, fileUrl } from '../accounts/accounts.presenter.js';
import { FEED_VIDEO_PURPOSE, filesOf, type FeedWithCreator } from './feeds.service.js';

const sizeSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export const feedFileSchema = z.object({
  _id: z.string(),
  type: z.enum(['photo', 'video']),
  /** Videos: `processing` (poll GET /user/feeds/{id}/file/{fileId}/status), `finished` or `error`; null for photos. */
  status: z.enum(FILE_STATUSES).nullable(),
  /** Videos: 0 to 100 while processing. */
  progress: z.number().int().nullable(),
  /** Videos: seconds. */
  duration: z.number().nullable(),
  /** Videos: a short MP4 of the first seconds, shown to everyone, locked or not. */
  teaser: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** A tiny blurred picture: what a locked post shows. */
  placeholder: z.string().nullable(),
  /** Photos: the largest size; videos: the HLS master playlist. A link for this viewer that works for a few minutes; null while locked (or processing). */
  url: z.string().nullable(),
  /** Photo sizes, or a video's poster in those sizes. */
  sizes: z.record(z.string(), sizeSchema).nullable(),
});

export const feedSchema = z.object({
  _id: z.string(),
  fromSourceId: z.string(),
  type: z.string(),
  text: z.string(),
  isSale: z.boolean(),
  price: z.number(),
  status: z.string(),
  scheduledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the viewer bought it. */
  isBought: z.boolean(),
  /** Whether its media are hidden from this viewer (a paid post not bought). */
  locked: z.boolean(),
  performer: z.object({ _id: z.string(), username: z.string().nullable(), name: z.string().nullable(), avatar: z.string() }),
  files: z.array(feedFileSchema),
  totalFiles: z.number().int(),
  totalLike: z.number().int(),
  isLiked: z.boolean(),
  isBookMarked: z.boolean(),
});
export type FeedDto = z.infer<typeof feedSchema>;

type FileRow = typeof files.$inferSelect;

const PICTURE_SIZES = new Set(['small', 'medium', 'large']);

function presentFile(ctx: AppContext, file: FileRow, viewerId: string | null, open: boolean): z.infer<typeof feedFileSchema> {
  const link = (name: string) => `${ctx.config.publicOrigin}${signMediaPath(ctx.config.mediaUrlSecret, file.id, name, viewerId)}`;
  const video = file.purpose === FEED_VIDEO_PURPOSE;
  const ready = !video || file.status === 'finished';
  const all = ready ? (file.variants ?? []) : [];
  const pictures = open ? all.filter((v) => PICTURE_SIZES.has(v.name)) : [];
  return {
    _id: file.id,
    type: video ? 'video' : 'photo',
    status: video ? (file.status ?? 'processing') : null,
    progress: video ? (file.progress ?? 0) : null,
    duration: file.durationSeconds,
    teaser: video && all.some((v) => v.name === 'teaser') ? link('teaser') : null,
    width: file.width,
    height: file.height,
    placeholder: file.placeholder,
    url: !open || !ready ? null : video ? link('master.m3u8') : pictures.at(-1) ? link(pictures.at(-1)!.name) : null,
    sizes: open && ready ? Object.fromEntries(pictures.map((v) => [v.name, { url: link(v.name), width: v.width, height: v.height }])) : null,
  };
}

/**
 * Posts as this viewer may see them: every post shows its text, price and placeholders;
 * its photos' links only when `entitledIds` says the viewer may see it in full.
 */
export async function presentFeeds(ctx: AppContext, viewer: Viewer, items: readonly FeedWithCreator[]): Promise<FeedDto[]> {
  const entitled = await entitledIds(
    ctx.db,
    viewer,
    'feed',
    items.map(({ feed }) => ({ id: feed.id, performerId: feed.performerId, isSale: feed.isSale, priceCents: feed.priceCents })),
  );
  const ids = items.map(({ feed }) => feed.id);
  const [attached, social] = await Promise.all([filesOf(ctx.db, ids), reactionsOf(ctx, viewer, ids)]);
  return items.map(({ feed, creator }) => {
    const open = entitled.has(feed.id);
    const paid = feed.isSale && feed.priceCents > 0;
    const own = viewer !== null && viewer.id === feed.performerId;
    const photos = attached.get(feed.id) ?? [];
    return {
      _id: feed.id,
      fromSourceId: feed.performerId,
      type: feed.type,
      text: feed.text,
      isSale: feed.isSale,
      price: fromCents(feed.priceCents),
      status: feed.status,
      scheduledAt: feed.scheduledAt?.toISOString() ?? null,
      createdAt: feed.createdAt.toISOString(),
      updatedAt: feed.updatedAt.toISOString(),
      isBought: paid && open && !own && viewer?.role !== 'admin',
      locked: !open,
      performer: { _id: creator.id, username: creator.username, name: creator.name, avatar: fileUrl(ctx.config.publicOrigin, creator.avatarPath, AVATAR_PLACEHOLDER) },
      files: photos.map((file) => presentFile(ctx, file, viewer?.id ?? null, open)),
      totalFiles: photos.length,
      totalLike: social.likes.get(feed.id) ?? 0,
      isLiked: social.mine.has(`${feed.id}|like`),
      isBookMarked: social.mine.has(`${feed.id}|bookmark`),
    };
  });
}

/** Like counts of these posts, and which of them the viewer liked or bookmarked, in two queries. */
async function reactionsOf(ctx: AppContext, viewer: Viewer, ids: readonly string[]) {
  if (ids.length === 0) return { likes: new Map<string, number>(), mine: new Set<string>() };
  const [likes, mine] = await Promise.all([
    ctx.db
      .select({ id: reactions.objectId, n: count() })
      .from(reactions)
      .where(and(eq(reactions.objectType, 'feed'), eq(reactions.action, 'like'), inArray(reactions.objectId, [...ids])))
      .groupBy(reactions.objectId),
    viewer
      ? ctx.db
          .select({ id: reactions.objectId, action: reactions.action })
          .from(reactions)
          .where(and(eq(reactions.userId, viewer.id), eq(reactions.objectType, 'feed'), inArray(reactions.objectId, [...ids])))
      : Promise.resolve([]),
  ]);
  return { likes: new Map(likes.map((r) => [r.id, r.n])), mine: new Set(mine.map((r) => `${r.id}|${r.action}`)) };
}
