/**
 * A video upload from end to end: streamed to disk under the video limit, checked to be
 * MP4, WebM or QuickTime by its bytes, kept as the file's original, and transcoded by a
 * durable job (`media.transcode`) that survives restarts. The file's `status` says where
 * it is: `processing`, then `finished` or `error`; `progress` counts to 100 meanwhile.
 */
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, lt, or, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { newId } from '../db/schema/ids.js';
import { files } from '../db/schema/index.js';
import { resolveFfmpeg } from './ffmpeg.js';
import { receiveUpload } from './receive-upload.js';
import { VIDEO_TYPES, type SniffedType } from './sniff.js';
import { transcodeVideo, VideoError, videoPaths } from './video.js';

export const VIDEO_FIELD = 'file';
export const TRANSCODE_QUEUE = 'media.transcode';

const EXTENSIONS: Partial<Record<SniffedType, string>> = { 'video/mp4': 'mp4', 'video/webm': 'webm', 'video/quicktime': 'mov' };

export interface StoredVideo {
  fileId: string;
  status: 'processing';
}

/** `field`: the multipart field the video comes in (default `file`; some clients send `video` or `teaser`). */
export async function uploadVideo(ctx: AppContext, request: FastifyRequest, ownerId: string, purpose: string, field = VIDEO_FIELD): Promise<StoredVideo & { fields: Record<string, string> }> {
  const upload = await receiveUpload(request, {
    field,
    maxBytes: ctx.config.uploadLimits.video,
    accept: VIDEO_TYPES,
    incomingDir: path.join(ctx.config.uploadsDir, '.incoming'),
  });
  const fileId = newId();
  const folder = path.posix.join('media', ownerId, fileId);
  const storagePath = path.posix.join(folder, `original.${EXTENSIONS[upload.type] ?? 'bin'}`);
  try {
    await mkdir(path.join(ctx.config.uploadsDir, folder), { recursive: true });
    await rename(upload.path, path.join(ctx.config.uploadsDir, storagePath));
    await ctx.db.transaction(async (tx) => {
      await tx.insert(files).values({
        id: fileId,
        ownerId,
        purpose,
        storagePath,
        originalName: upload.filename.replace(/[^\w.-]/g, '_').slice(0, 200),
        mimeType: upload.type,
        sizeBytes: upload.bytes,
        status: 'processing',
        progress: 0,
      });
      await ctx.jobs.enqueue(tx, TRANSCODE_QUEUE, { fileId }, { singletonKey: `transcode:${fileId}`, maxAttempts: 3 });
    });
  } catch (error) {
    await Promise.all([upload.discard(), rm(path.join(ctx.config.uploadsDir, folder), { recursive: true, force: true })]);
    throw error;
  }
  ctx.jobs.wake();
  return { fileId, status: 'processing', fields: upload.fields };
}

/** Saves progress at most once a second, and only forward. */
function progressWriter(ctx: AppContext, fileId: string) {
  let last = 0;
  let saved = -1;
  return (percent: number) => {
    if (percent <= saved || (percent < 100 && Date.now() - last < 1000)) return;
    last = Date.now();
    saved = percent;
    void ctx.db
      .update(files)
      .set({ progress: percent })
      .where(and(eq(files.id, fileId), or(isNull(files.progress), lt(files.progress, percent))))
      .catch(() => undefined);
  };
}

/** The `media.transcode` job: one video file, resumed from what a previous attempt finished. */
export function defineTranscodeJob(ctx: AppContext): void {
  ctx.jobs.define<{ fileId: string }>(
    TRANSCODE_QUEUE,
    async ({ fileId }, { job, signal }) => {
      const [file] = await ctx.db.select().from(files).where(eq(files.id, fileId));
      // Deleted meanwhile, or already done: nothing to do.
      if (!file || file.status !== 'processing') return;
      const ffmpeg = resolveFfmpeg();
      if (!ffmpeg) throw new Error('no ffmpeg: install it, or set FFMPEG_PATH');
      const folder = path.posix.dirname(file.storagePath);
      try {
        const video = await transcodeVideo({
          ffmpeg: ffmpeg.path,
          source: path.join(ctx.config.uploadsDir, file.storagePath),
          uploadsDir: ctx.config.uploadsDir,
          folder,
          signal,
          onProgress: progressWriter(ctx, fileId),
        });
        const paths = videoPaths(folder);
        const smallest = video.renditions[0]!;
        const variants = [
          ...video.poster.variants,
          { name: 'teaser', path: paths.teaser, width: smallest.width, height: smallest.height, bytes: 0 },
          { name: 'master', path: paths.master, width: video.width, height: video.height, bytes: 0 },
          ...video.renditions.map((r) => ({ name: r.name, path: paths.rendition(r.height), width: r.width, height: r.height, bytes: r.bandwidth })),
        ];
        const updated = await ctx.db
          .update(files)
          .set({ status: 'finished', progress: 100, width: video.width, height: video.height, durationSeconds: video.durationSeconds, placeholder: video.poster.placeholder, variants })
          .where(eq(files.id, fileId))
          .returning({ id: files.id });
        // Deleted while it was transcoding: take its outputs away too.
        if (updated.length === 0) await rm(path.join(ctx.config.uploadsDir, folder), { recursive: true, force: true });
      } catch (error) {
        if (signal.aborted) throw error;
        // A file ffmpeg cannot read will not read on a retry either; nor does the last attempt get another.
        if (error instanceof VideoError || job.attempts >= job.maxAttempts) {
          await ctx.db.update(files).set({ status: 'error' }).where(eq(files.id, fileId));
          if (error instanceof VideoError) return;
        }
        throw error;
      }
    },
    { concurrency: ctx.config.jobs.transcodeConcurrency },
  );
}
