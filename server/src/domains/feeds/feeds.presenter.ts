import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { entitledIds, type Viewer } from '../../content/entitlement.js';
import { and, count, eq, inArray } from 'drizzle-orm';
import { FILE_STATUSES, type files } from '../../media/files.tables.js';
import { reactions } from '../reactions/reactions.tables.js';
import { fromCents } from '../../money/amounts.js';
import { signMediaPath } from '../../media/signed-links.js';
import { AVATAR_PLACEHOLDER, fileUrl } from '../accounts/index.js';
import { crowdfundingOf, crowdfundingSchema } from './feeds-crowdfunding.service.js';
import { pollSchema, pollsOf } from './feeds-polls.service.js';
import { previewsOf } from './feeds-previews.js';
import { filesOf, type FeedWithCreator } from './feeds.queries.js';
import { FEED_AUDIO_PURPOSE, FEED_VIDEO_PURPOSE } from './feeds.service.js';

const sizeSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export const feedFileSchema = z.object({
  _id: z.string(),
  type: z.enum(['photo', 'video', 'audio']),
  /** Videos and audio: `processing` (poll GET /user/feeds/{id}/file/{fileId}/status), `finished` or `error`; null for photos. */
  status: z.enum(FILE_STATUSES).nullable(),
  /** Videos and audio: 0 to 100 while processing. */
  progress: z.number().int().nullable(),
  /** Videos and audio: seconds. */
  duration: z.number().nullable(),
  /** Videos: a short MP4 of the first seconds, shown to everyone, locked or not. */
  teaser: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** A tiny blurred picture: what a locked post shows. */
  placeholder: z.string().nullable(),
  /** Photos: the largest size; videos: the HLS master playlist; audio: AAC in MP4 (`audio/mp4`). A link for this viewer that works for a few minutes; null while locked (or processing). */
  url: z.string().nullable(),
  /** Photo sizes, or a video's poster in those sizes (its post's thumbnail, when it has one: shown locked or not). */
  sizes: z.record(z.string(), sizeSchema).nullable(),
});

/** A post's thumbnail: an image every viewer sees, locked or not. */
export const feedThumbnailSchema = z.object({
  _id: z.string(),
  /** The largest size, a link for this viewer. */
  url: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  placeholder: z.string().nullable(),
  sizes: z.record(z.string(), sizeSchema),
});

/** A post's teaser: a short video every viewer sees, locked or not. */
export const feedTeaserSchema = z.object({
  _id: z.string(),
  status: z.enum(FILE_STATUSES),
  progress: z.number().int(),
  duration: z.number().nullable(),
  /** An MP4 (its first seconds), a link for this viewer; null while processing. */
  url: z.string().nullable(),
});

export const feedSchema = z.object({
  _id: z.string(),
  fromSourceId: z.string(),
  type: z.string(),
  text: z.string(),
  isSale: z.boolean(),
  price: z.number(),
  /** Only the creator's active subscribers see its media (when not for sale). */
  subscribersOnly: z.boolean(),
  status: z.string(),
  scheduledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the viewer bought it. */
  isBought: z.boolean(),
  /** Whether its media are hidden from this viewer (a paid post not bought, a subscribers-only post of a creator they do not subscribe to). */
  locked: z.boolean(),
  performer: z.object({ _id: z.string(), username: z.string().nullable(), name: z.string().nullable(), avatar: z.string() }),
  files: z.array(feedFileSchema),
  totalFiles: z.number().int(),
  totalLike: z.number().int(),
  isLiked: z.boolean(),
  isBookMarked: z.boolean(),
  /** `poll` posts: the poll, its counts and the viewer's vote (vote: POST /user/feeds/vote/{option id}); null otherwise. */
  poll: pollSchema.nullable(),
  /** `crowdfunding` posts: the goal and what it raised (contribute: POST /wallet/charges/crowdfunding/{its _id}); null otherwise. */
  crowdfunding: crowdfundingSchema.nullable(),
  /** Video and audio posts: shown to every viewer, locked or not; null when not set. */
  thumbnail: feedThumbnailSchema.nullable(),
  teaser: feedTeaserSchema.nullable(),
});
export type FeedDto = z.infer<typeof feedSchema>;

type FileRow = typeof files.$inferSelect;

const PICTURE_SIZES = new Set(['small', 'medium', 'large']);

const linker = (ctx: AppContext, fileId: string, viewerId: string | null) => (name: string) =>
  `${ctx.config.publicOrigin}${signMediaPath(ctx.config.mediaUrlSecret, fileId, name, viewerId)}`;

function sizesOf(ctx: AppContext, file: FileRow, viewerId: string | null) {
  const link = linker(ctx, file.id, viewerId);
  return Object.fromEntries((file.variants ?? []).filter((v) => PICTURE_SIZES.has(v.name)).map((v) => [v.name, { url: link(v.name), width: v.width, height: v.height }]));
}

function presentFile(ctx: AppContext, file: FileRow, viewerId: string | null, open: boolean, thumbnail: FileRow | null): z.infer<typeof feedFileSchema> {
  const link = linker(ctx, file.id, viewerId);
  const video = file.purpose === FEED_VIDEO_PURPOSE;
  const audio = file.purpose === FEED_AUDIO_PURPOSE;
  const transcoded = video || audio;
  const ready = !transcoded || file.status === 'finished';
  const all = ready ? (file.variants ?? []) : [];
  const pictures = open && !audio ? all.filter((v) => PICTURE_SIZES.has(v.name)) : [];
  const url = () => (video ? link('master.m3u8') : audio ? link('audio') : pictures.at(-1) ? link(pictures.at(-1)!.name) : null);
  const sizes = () => Object.fromEntries(pictures.map((v) => [v.name, { url: link(v.name), width: v.width, height: v.height }]));
  return {
    _id: file.id,
    type: video ? 'video' : audio ? 'audio' : 'photo',
    status: transcoded ? (file.status ?? 'processing') : null,
    progress: transcoded ? (file.progress ?? 0) : null,
    duration: file.durationSeconds,
    teaser: video && all.some((v) => v.name === 'teaser') ? link('teaser') : null,
    width: file.width,
    height: file.height,
    placeholder: file.placeholder,
    url: !open || !ready ? null : url(),
    sizes: video && thumbnail ? sizesOf(ctx, thumbnail, viewerId) : audio ? null : open && ready ? sizes() : null,
  };
}

function presentThumbnail(ctx: AppContext, file: FileRow, viewerId: string | null): z.infer<typeof feedThumbnailSchema> {
  const sizes = sizesOf(ctx, file, viewerId);
  const largest = Object.values(sizes).at(-1);
  return { _id: file.id, url: largest?.url ?? null, width: file.width, height: file.height, placeholder: file.placeholder, sizes };
}

function presentTeaser(ctx: AppContext, file: FileRow, viewerId: string | null): z.infer<typeof feedTeaserSchema> {
  const status = file.status ?? 'processing';
  const ready = status === 'finished' && (file.variants ?? []).some((v) => v.name === 'teaser');
  return { _id: file.id, status, progress: file.progress ?? 0, duration: file.durationSeconds, url: ready ? linker(ctx, file.id, viewerId)('teaser') : null };
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
    items.map(({ feed }) => ({ id: feed.id, performerId: feed.performerId, isSale: feed.isSale, priceCents: feed.priceCents, subscribersOnly: feed.subscribersOnly })),
    ctx.now(),
  );
  const ids = items.map(({ feed }) => feed.id);
  const viewerId = viewer?.id ?? null;
  const [attached, social, polls, goals, previews] = await Promise.all([
    filesOf(ctx.db, ids),
    reactionsOf(ctx, viewer, ids),
    pollsOf(ctx.db, viewerId, items.filter(({ feed }) => feed.type === 'poll').map(({ feed }) => feed.id)),
    crowdfundingOf(ctx.db, items.filter(({ feed }) => feed.type === 'crowdfunding').map(({ feed }) => feed.id)),
    previewsOf(ctx.db, ids),
  ]);
  return items.map(({ feed, creator }) => {
    const open = entitled.has(feed.id);
    const paid = feed.isSale && feed.priceCents > 0;
    const own = viewer !== null && viewer.id === feed.performerId;
    const photos = attached.get(feed.id) ?? [];
    const preview = previews.get(feed.id);
    return {
      _id: feed.id,
      fromSourceId: feed.performerId,
      type: feed.type,
      text: feed.text,
      isSale: feed.isSale,
      price: fromCents(feed.priceCents),
      subscribersOnly: feed.subscribersOnly,
      status: feed.status,
      scheduledAt: feed.scheduledAt?.toISOString() ?? null,
      createdAt: feed.createdAt.toISOString(),
      updatedAt: feed.updatedAt.toISOString(),
      isBought: paid && open && !own && viewer?.role !== 'admin',
      locked: !open,
      performer: { _id: creator.id, username: creator.username, name: creator.name, avatar: fileUrl(ctx.config.publicOrigin, creator.avatarPath, AVATAR_PLACEHOLDER) },
      files: photos.map((file) => presentFile(ctx, file, viewerId, open, preview?.thumbnail ?? null)),
      totalFiles: photos.length,
      totalLike: social.likes.get(feed.id) ?? 0,
      isLiked: social.mine.has(`${feed.id}|like`),
      isBookMarked: social.mine.has(`${feed.id}|bookmark`),
      poll: polls.get(feed.id) ?? null,
      crowdfunding: goals.get(feed.id) ?? null,
      thumbnail: preview?.thumbnail ? presentThumbnail(ctx, preview.thumbnail, viewerId) : null,
      teaser: preview?.teaser ? presentTeaser(ctx, preview.teaser, viewerId) : null,
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
