import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Viewer } from '../../content/entitlement.js';
import { VIDEO_STATUSES } from './videos.tables.js';
import { creatorSchema, presentCreator, presentVideoFile, videoFileSchema } from './videos.presenter.js';
import { filesById } from './videos.service.js';
import type { ReelWithCreator } from './reels.service.js';

export const reelSchema = z.object({
  _id: z.string(),
  performerId: z.string(),
  title: z.string(),
  description: z.string(),
  /** As set (`active`, `inactive`, `draft`), or `file-error` when its video could not be transcoded. */
  status: z.enum([...VIDEO_STATUSES, 'file-error']),
  createdAt: z.string(),
  updatedAt: z.string(),
  performer: creatorSchema,
  /** Reels are free: the playlist link (signed for this viewer) is there once it is `finished`. */
  video: videoFileSchema.nullable(),
});
export type ReelDto = z.infer<typeof reelSchema>;

export async function presentReels(ctx: AppContext, viewer: Viewer, items: readonly ReelWithCreator[]): Promise<ReelDto[]> {
  const attached = await filesById(ctx.db, items.map(({ reel }) => reel.fileId));
  return items.map(({ reel, creator }) => {
    const file = reel.fileId ? attached.get(reel.fileId) : undefined;
    return {
      _id: reel.id,
      performerId: reel.performerId,
      title: reel.title,
      description: reel.description,
      status: file?.status === 'error' ? 'file-error' : reel.status,
      createdAt: reel.createdAt.toISOString(),
      updatedAt: reel.updatedAt.toISOString(),
      performer: presentCreator(ctx, creator),
      video: file ? presentVideoFile(ctx, file, viewer?.id ?? null, true) : null,
    };
  });
}
