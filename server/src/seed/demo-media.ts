/**
 * The demo's media, made at seed time through the same pipeline as uploads: drawings
 * (demo-art.ts) re-encoded by sharp in every size with their placeholder, and short clips
 * made by ffmpeg from a drawing, transcoded to HLS with a poster and a teaser by the
 * server's job queue as uploads are. Only files are written here; `demo.ts` records them
 * in the same transaction as the accounts. Small on purpose, so a first start stays fast.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { AppContext } from '../context.js';
import { newId } from '../db/schema/ids.js';
import type { files } from '../media/files.tables.js';
import { resolveFfmpeg } from '../media/ffmpeg.js';
import { processImage, type ImageProfileName } from '../media/images.js';
import { runFfmpeg } from '../media/video.js';
import { sceneSvg, type SceneKind } from './demo-art.js';

type FileRow = typeof files.$inferInsert;

/** Photo posts are 4:5, as phones show them; covers wide; video frames 16:9 with room to pan. */
export const PHOTO_SIZE = { width: 480, height: 600 } as const;
export const COVER_SIZE = { width: 960, height: 320 } as const;
const FRAME = { width: 800, height: 450 } as const;
const VIDEO = { width: 640, height: 360, seconds: 3, fps: 24 } as const;

/**
 * An image drawn as SVG, stored as an upload of `profile` is: `images` (public, avatars and
 * covers) or `media` (post photos, only through signed links).
 */
export async function storeDrawing(ctx: AppContext, ownerId: string, drawing: string, profile: ImageProfileName, folder: 'images' | 'media', purpose: string): Promise<FileRow> {
  const id = newId();
  const image = await processImage(Buffer.from(drawing), profile, ctx.config.uploadsDir, path.join(folder, ownerId, id));
  if (folder === 'media') await ctx.store.publish(path.posix.join('media', ownerId, id));
  return {
    id,
    ownerId,
    purpose,
    storagePath: image.variants.at(-1)!.path,
    originalName: `demo-${profile}.webp`,
    mimeType: 'image/webp',
    sizeBytes: image.variants.reduce((sum, v) => sum + v.bytes, 0),
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
    variants: image.variants,
  };
}

/** The ffmpeg demo videos are made with, or null (the seed then skips video posts and says so). */
export const demoFfmpeg = () => resolveFfmpeg()?.path ?? null;

/**
 * A short clip of a scene (a slow pan across the drawing, no sound), stored as an uploaded
 * video is, `processing`: the seed queues its transcode (HLS, poster, teaser) with it, and
 * the server's job runner does it once the server is up, so a first start does not wait for
 * it. Or why ffmpeg failed.
 */
export async function storeDemoVideo(ctx: AppContext, ffmpeg: string, ownerId: string, scene: SceneKind, hue: number, seed: number, purpose: string): Promise<FileRow | { failed: string }> {
  const id = newId();
  const folder = path.posix.join('media', ownerId, id);
  const dir = path.join(ctx.config.uploadsDir, folder);
  await mkdir(dir, { recursive: true });
  const frame = path.join(dir, 'frame.png');
  const original = path.join(dir, 'original.mp4');
  try {
    await sharp(Buffer.from(sceneSvg(scene, hue, seed, FRAME.width, FRAME.height))).png({ compressionLevel: 1 }).toFile(frame);
    const panX = FRAME.width - VIDEO.width;
    const made = await runFfmpeg(ffmpeg, [
      '-loop', '1', '-framerate', String(VIDEO.fps), '-t', String(VIDEO.seconds), '-i', frame,
      '-vf', `crop=${VIDEO.width}:${VIDEO.height}:x='${panX}*t/${VIDEO.seconds}':y=${(FRAME.height - VIDEO.height) / 2},format=yuv420p`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '28', '-movflags', '+faststart', original,
    ]);
    if (made.code !== 0) throw new Error(made.stderr.trim().split('\n').at(-1) ?? `exit ${made.code}`);
    const { size } = await stat(original);
    return { id, ownerId, purpose, storagePath: path.posix.join(folder, 'original.mp4'), originalName: 'demo-video.mp4', mimeType: 'video/mp4', sizeBytes: size, status: 'processing', progress: 0 };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    return { failed: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  } finally {
    await rm(frame, { force: true });
  }
}
