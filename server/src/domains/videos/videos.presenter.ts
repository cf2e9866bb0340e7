import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { entitledIds, type Viewer } from '../../content/entitlement.js';
import { FILE_STATUSES } from '../../media/files.tables.js';
import { VIDEO_STATUSES } from './videos.tables.js';
import { fromCents } from '../../money/amounts.js';
import { signMediaPath } from '../../media/signed-links.js';
import { AVATAR_PLACEHOLDER, fileUrl } from '../accounts/index.js';
import { filesById, type FileRow, type VideoWithCreator } from './videos.service.js';

const sizeSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });

export const videoFileSchema = z.object({
  _id: z.string(),
  /** `processing` (poll GET /performer-assets/videos/{id}/file/{fileId}/status every 5000 ms), `finished` or `error`. */
  status: z.enum(FILE_STATUSES),
  /** 0 to 100 while processing. */
  progress: z.number().int(),
  /** Seconds. */
  duration: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** A tiny blurred poster: what a locked video shows. */
  placeholder: z.string().nullable(),
  /** The HLS master playlist, signed for this viewer for a few minutes; null while locked or processing. */
  url: z.string().nullable(),
  /** A short MP4 of the first seconds, shown to everyone, locked or not. */
  teaser: z.string().nullable(),
  /** The poster in photo sizes; null while locked or processing. */
  sizes: z.record(z.string(), sizeSchema).nullable(),
});
export type VideoFileDto = z.infer<typeof videoFileSchema>;

export const imageFileSchema = z.object({
  _id: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  placeholder: z.string().nullable(),
  /** The largest size; null while locked. */
  url: z.string().nullable(),
  sizes: z.record(z.string(), sizeSchema).nullable(),
});

export const creatorSchema = z.object({ _id: z.string(), username: z.string().nullable(), name: z.string().nullable(), avatar: z.string() });

export const videoSchema = z.object({
  _id: z.string(),
  performerId: z.string(),
  title: z.string(),
  description: z.string(),
  /** As set (`active`, `inactive`, `draft`), or `file-error` when its video could not be transcoded. */
  status: z.enum([...VIDEO_STATUSES, 'file-error']),
  isSale: z.boolean(),
  price: z.number(),
  /** Only the creator's active subscribers may watch it (when not for sale). */
  subscribersOnly: z.boolean(),
  /** Whether the viewer bought it. */
  isBought: z.boolean(),
  /** Whether its media are hidden from this viewer (a paid video not bought, a subscribers-only video of a creator they do not subscribe to). */
  locked: z.boolean(),
  tags: z.array(z.string()),
  scheduledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  performer: creatorSchema,
  video: videoFileSchema.nullable(),
  /** The uploaded teaser clip, open to everyone. */
  teaser: videoFileSchema.nullable(),
  thumbnail: imageFileSchema.nullable(),
  /** Not counted yet: the keys appear when they are. */
  stats: z.object({ views: z.number().int().optional(), likes: z.number().int().optional() }),
});
export type VideoDto = z.infer<typeof videoSchema>;

const PICTURE_SIZES = new Set(['small', 'medium', 'large']);

const linker = (ctx: AppContext, fileId: string, viewerId: string | null) => (name: string) =>
  `${ctx.config.publicOrigin}${signMediaPath(ctx.config.mediaUrlSecret, fileId, name, viewerId)}`;

/** A transcoded video: its playlist and poster sizes only when `open`; its placeholder and teaser always. */
export function presentVideoFile(ctx: AppContext, file: FileRow, viewerId: string | null, open: boolean): VideoFileDto {
  const link = linker(ctx, file.id, viewerId);
  const ready = file.status === 'finished';
  const variants = ready ? (file.variants ?? []) : [];
  const pictures = variants.filter((v) => PICTURE_SIZES.has(v.name));
  return {
    _id: file.id,
    status: file.status ?? 'processing',
    progress: file.progress ?? 0,
    duration: file.durationSeconds,
    width: file.width,
    height: file.height,
    placeholder: file.placeholder,
    url: open && ready ? link('master.m3u8') : null,
    teaser: variants.some((v) => v.name === 'teaser') ? link('teaser') : null,
    sizes: open && ready ? Object.fromEntries(pictures.map((v) => [v.name, { url: link(v.name), width: v.width, height: v.height }])) : null,
  };
}

function presentImageFile(ctx: AppContext, file: FileRow, viewerId: string | null, open: boolean): z.infer<typeof imageFileSchema> {
  const link = linker(ctx, file.id, viewerId);
  const pictures = open ? (file.variants ?? []).filter((v) => PICTURE_SIZES.has(v.name)) : [];
  return {
    _id: file.id,
    width: file.width,
    height: file.height,
    placeholder: file.placeholder,
    url: pictures.at(-1) ? link(pictures.at(-1)!.name) : null,
    sizes: open ? Object.fromEntries(pictures.map((v) => [v.name, { url: link(v.name), width: v.width, height: v.height }])) : null,
  };
}

export const presentCreator = (ctx: AppContext, creator: VideoWithCreator['creator']) => ({
  _id: creator.id,
  username: creator.username,
  name: creator.name,
  avatar: fileUrl(ctx.config.publicOrigin, creator.avatarPath, AVATAR_PLACEHOLDER),
});

/**
 * Videos as this viewer may see them: every video shows its title, price, placeholders
 * and teasers; its playlist, poster and thumbnail only when `entitledIds` says the viewer
 * may see it in full.
 */
export async function presentVideos(ctx: AppContext, viewer: Viewer, items: readonly VideoWithCreator[]): Promise<VideoDto[]> {
  const entitled = await entitledIds(
    ctx.db,
    viewer,
    'video',
    items.map(({ video }) => ({ id: video.id, performerId: video.performerId, isSale: video.isSale, priceCents: video.priceCents, subscribersOnly: video.subscribersOnly })),
    ctx.now(),
  );
  const attached = await filesById(
    ctx.db,
    items.flatMap(({ video }) => [video.fileId, video.teaserId, video.thumbnailId]),
  );
  const viewerId = viewer?.id ?? null;
  return items.map(({ video, creator }) => {
    const open = entitled.has(video.id);
    const paid = video.isSale && video.priceCents > 0;
    const own = viewer !== null && viewer.id === video.performerId;
    const main = video.fileId ? attached.get(video.fileId) : undefined;
    const teaser = video.teaserId ? attached.get(video.teaserId) : undefined;
    const thumbnail = video.thumbnailId ? attached.get(video.thumbnailId) : undefined;
    return {
      _id: video.id,
      performerId: video.performerId,
      title: video.title,
      description: video.description,
      status: main?.status === 'error' ? 'file-error' : video.status,
      isSale: video.isSale,
      price: fromCents(video.priceCents),
      subscribersOnly: video.subscribersOnly,
      isBought: paid && open && !own && viewer?.role !== 'admin',
      locked: !open,
      tags: video.tags,
      scheduledAt: video.scheduledAt?.toISOString() ?? null,
      createdAt: video.createdAt.toISOString(),
      updatedAt: video.updatedAt.toISOString(),
      performer: presentCreator(ctx, creator),
      video: main ? presentVideoFile(ctx, main, viewerId, open) : null,
      teaser: teaser ? presentVideoFile(ctx, teaser, viewerId, true) : null,
      thumbnail: thumbnail ? presentImageFile(ctx, thumbnail, viewerId, open) : null,
      stats: {},
    };
  });
}
