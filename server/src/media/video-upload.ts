/**
 * A video or audio upload from end to end: streamed to disk under the video limit, checked
 * by its bytes (MP4, WebM or QuickTime video; MP3, AAC, M4A, Ogg, WAV or WebM audio), kept
 * as the file's original, and transcoded by a durable job (`media.transcode`) that survives
 * restarts: HLS for video (video.ts), one AAC `.m4a` for audio (audio.ts). The file's
 * `status` says where it is: `processing`, then `finished` or `error`; `progress` counts to
 * 100 meanwhile.
 */
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, lt, or, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import { newId } from '../db/schema/ids.js';
import { files } from './files.tables.js';
import { transcodeAudio } from './audio.js';
import { resolveFfmpeg } from './ffmpeg.js';
import { receiveUpload } from './receive-upload.js';
import { AUDIO_TYPES, VIDEO_TYPES, type SniffedType } from './sniff.js';
import { transcodeVideo, VideoError, videoPaths, type TranscodedVideo } from './video.js';

export const VIDEO_FIELD = 'file';
export const AUDIO_FIELD = 'file';
export const TRANSCODE_QUEUE = 'media.transcode';

const EXTENSIONS: Partial<Record<SniffedType, string>> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'audio/mpeg': 'mp3',
  'audio/aac': 'aac',
  'audio/mp4': 'm4a',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
};

export interface StoredVideo {
  fileId: string;
  status: 'processing';
}

/** `field`: the multipart field the video comes in (default `file`; some clients send `video` or `teaser`). */
export async function uploadVideo(ctx: AppContext, request: FastifyRequest, ownerId: string, purpose: string, field = VIDEO_FIELD): Promise<StoredVideo & { fields: Record<string, string> }> {
  return storeForTranscode(ctx, request, ownerId, purpose, field, 'video');
}

/** An audio file, transcoded to AAC in MP4 (the file's `audio` variant). */
export async function uploadAudio(ctx: AppContext, request: FastifyRequest, ownerId: string, purpose: string, field = AUDIO_FIELD): Promise<StoredVideo & { fields: Record<string, string> }> {
  return storeForTranscode(ctx, request, ownerId, purpose, field, 'audio');
}

async function storeForTranscode(
  ctx: AppContext,
  request: FastifyRequest,
  ownerId: string,
  purpose: string,
  field: string,
  kind: 'video' | 'audio',
): Promise<StoredVideo & { fields: Record<string, string> }> {
  const upload = await receiveUpload(request, {
    field,
    maxBytes: ctx.config.uploadLimits.video,
    accept: kind === 'audio' ? AUDIO_TYPES : VIDEO_TYPES,
    incomingDir: path.join(ctx.config.uploadsDir, '.incoming'),
  });
  // The job tells audio from video by the stored type; WebM audio starts like WebM video.
  const mimeType = kind === 'audio' && !upload.type.startsWith('audio/') ? 'audio/webm' : upload.type;
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
        mimeType,
        sizeBytes: upload.bytes,
        status: 'processing',
        progress: 0,
      });
      await queueTranscode(tx, ctx, fileId);
    });
  } catch (error) {
    await Promise.all([upload.discard(), rm(path.join(ctx.config.uploadsDir, folder), { recursive: true, force: true })]);
    throw error;
  }
  ctx.jobs.wake();
  return { fileId, status: 'processing', fields: upload.fields };
}

/** Queues the transcode of a `processing` file (one job per file); `ctx.jobs.wake()` after commit starts it at once. */
export function queueTranscode(tx: DbOrTx, ctx: AppContext, fileId: string): Promise<string | null> {
  return ctx.jobs.enqueue(tx, TRANSCODE_QUEUE, { fileId }, { singletonKey: `transcode:${fileId}`, maxAttempts: 3 });
}

/** What a video's `files` row says once it is transcoded: finished, its size, poster, teaser and renditions. */
export function finishedVideoValues(folder: string, video: TranscodedVideo) {
  const paths = videoPaths(folder);
  const smallest = video.renditions[0]!;
  const variants = [
    ...video.poster.variants,
    { name: 'teaser' as const, path: paths.teaser, width: smallest.width, height: smallest.height, bytes: 0 },
    { name: 'master' as const, path: paths.master, width: video.width, height: video.height, bytes: 0 },
    ...video.renditions.map((r) => ({ name: r.name, path: paths.rendition(r.height), width: r.width, height: r.height, bytes: r.bandwidth })),
  ];
  return { status: 'finished' as const, progress: 100, width: video.width, height: video.height, durationSeconds: video.durationSeconds, placeholder: video.poster.placeholder, variants };
}

/** Puts a transcoded video's outputs (renditions, poster, teaser) in the store. */
export async function publishTranscoded(ctx: AppContext, folder: string): Promise<void> {
  const paths = videoPaths(folder);
  for (const output of [path.posix.dirname(paths.master), paths.poster, paths.teaser]) await ctx.store.publish(output);
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

/** The `media.transcode` job: one video or audio file, resumed from what a previous attempt finished. */
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
        if (file.mimeType.startsWith('audio/')) {
          const audio = await transcodeAudio({
            ffmpeg: ffmpeg.path,
            source: path.join(ctx.config.uploadsDir, file.storagePath),
            uploadsDir: ctx.config.uploadsDir,
            folder,
            signal,
            onProgress: progressWriter(ctx, fileId),
          });
          // In the store before the file says finished, so no viewer asks for what is not there yet.
          await ctx.store.publish(audio.path);
          const updated = await ctx.db
            .update(files)
            .set({ status: 'finished', progress: 100, durationSeconds: audio.durationSeconds, variants: [{ name: 'audio', path: audio.path, width: 0, height: 0, bytes: audio.bytes }] })
            .where(eq(files.id, fileId))
            .returning({ id: files.id });
          if (updated.length === 0) await ctx.store.remove(folder);
          return;
        }
        const video = await transcodeVideo({
          ffmpeg: ffmpeg.path,
          source: path.join(ctx.config.uploadsDir, file.storagePath),
          uploadsDir: ctx.config.uploadsDir,
          folder,
          signal,
          onProgress: progressWriter(ctx, fileId),
        });
        // In the store before the file says finished; the original stays on this disk for a re-transcode.
        await publishTranscoded(ctx, folder);
        const updated = await ctx.db.update(files).set(finishedVideoValues(folder, video)).where(eq(files.id, fileId)).returning({ id: files.id });
        // Deleted while it was transcoding: take its outputs away too.
        if (updated.length === 0) await ctx.store.remove(folder);
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
