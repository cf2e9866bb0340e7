/**
 * Turns an uploaded video into what players need: HLS in a few renditions (H.264/AAC,
 * 4 s segments), a poster in the photo sizes with its blurred placeholder, and a short
 * teaser MP4. Each step writes aside and moves its result into place when complete, and
 * is skipped when its result is already there, so a transcode cut short (a killed
 * process) resumes where it stopped instead of starting over.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { access, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { processImage, type ImageVariant } from './images.js';

/** Target heights; a source gets those not above its own height (at least one). */
export const RENDITION_HEIGHTS = [360, 720, 1080] as const;
export const TEASER_SECONDS = 10;
export const SEGMENT_SECONDS = 4;

export interface VideoProbe {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

export interface Rendition {
  /** `v360`: what its playlist is served as (`v360.m3u8`, segments `v360_00001.ts`). */
  name: string;
  width: number;
  height: number;
  /** Peak-ish bits per second, measured from the segments written. */
  bandwidth: number;
}

export interface TranscodedVideo extends VideoProbe {
  renditions: Rendition[];
  poster: { width: number; height: number; variants: ImageVariant[]; placeholder: string };
}

export interface TranscodeOptions {
  ffmpeg: string;
  /** The uploaded file. */
  source: string;
  uploadsDir: string;
  /** The file's folder, relative to `uploadsDir` (`media/<owner>/<file>`). */
  folder: string;
  signal?: AbortSignal;
  /** 0 to 100 over the whole transcode. */
  onProgress?: (percent: number) => void;
}

/** Where each output of a transcode lives, relative to the uploads folder. */
export const videoPaths = (folder: string) => ({
  master: path.posix.join(folder, 'hls/master.m3u8'),
  rendition: (height: number) => path.posix.join(folder, `hls/${height}/index.m3u8`),
  teaser: path.posix.join(folder, 'teaser.mp4'),
  poster: path.posix.join(folder, 'poster'),
});

/** A file ffmpeg cannot read or convert: a retry would fail the same way. */
export class VideoError extends Error {}

export interface RunResult {
  stderr: string;
  code: number | null;
}

export function runFfmpeg(ffmpeg: string, args: string[], signal?: AbortSignal, onTime?: (seconds: number) => void): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-nostdin', '-y', ...args], { stdio: ['ignore', 'pipe', 'pipe'], signal, killSignal: 'SIGKILL' });
    let stderr = '';
    let pending = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-20_000);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const time = /^out_time=(\d+):(\d+):(\d+(?:\.\d+)?)/.exec(line);
        if (time) onTime?.(Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3]));
      }
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ stderr, code }));
  });
}

export async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Duration, upright size and audio of a video, from what ffmpeg prints of its input. */
export async function probeVideo(ffmpeg: string, source: string, signal?: AbortSignal): Promise<VideoProbe> {
  const { stderr } = await runFfmpeg(ffmpeg, ['-i', source], signal);
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  const video = /Stream #\d+:\d+.*?: Video: .*?(\d{2,5})x(\d{2,5})/.exec(stderr);
  if (!duration || !video) throw new VideoError('The file has no readable video stream');
  const seconds = Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]);
  let width = Number(video[1]);
  let height = Number(video[2]);
  // A phone's portrait video is stored sideways with a rotation; ffmpeg turns it upright.
  const rotation = /rotat(?:e|ion of)\s*:?\s*(-?\d+(?:\.\d+)?)/.exec(stderr);
  if (rotation && Math.abs(Number(rotation[1])) % 180 === 90) [width, height] = [height, width];
  if (!(seconds > 0)) throw new VideoError('The video has no duration');
  return { durationSeconds: seconds, width, height, hasAudio: /Stream #\d+:\d+.*?: Audio: /.test(stderr) };
}

export function renditionHeights(sourceHeight: number): number[] {
  const fitting = RENDITION_HEIGHTS.filter((h) => h <= sourceHeight);
  return fitting.length ? fitting : [Math.max(2, sourceHeight - (sourceHeight % 2))];
}

/** Leftovers of earlier, interrupted attempts (`<prefix><attempt>`) in a folder. */
export async function removeStale(dir: string, prefix: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => name.startsWith(prefix)).map((name) => rm(path.join(dir, name), { recursive: true, force: true })));
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

export async function failed(step: string, result: RunResult): Promise<never> {
  const last = result.stderr.trim().split('\n').slice(-3).join(' | ');
  throw new VideoError(`ffmpeg could not ${step} (exit ${result.code}): ${last}`);
}

export async function transcodeVideo(options: TranscodeOptions): Promise<TranscodedVideo> {
  const { ffmpeg, source, uploadsDir, folder, signal } = options;
  const abs = (relative: string) => path.join(uploadsDir, relative);
  const paths = videoPaths(folder);
  const attemptTag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const probe = await probeVideo(ffmpeg, source, signal);
  const heights = renditionHeights(probe.height);
  // Progress: each rendition is a full pass; the teaser and poster are small.
  const passes = heights.length + 0.5;
  let done = 0;
  const report = (seconds: number) => options.onProgress?.(Math.min(99, Math.floor(((done + Math.min(1, seconds / probe.durationSeconds)) / passes) * 100)));

  const renditions: Rendition[] = [];
  for (const height of heights) {
    const width = even((probe.width * height) / probe.height);
    const finalDir = path.dirname(abs(paths.rendition(height)));
    if (!(await exists(path.join(finalDir, 'index.m3u8')))) {
      // A folder of this attempt's own: an ffmpeg orphaned by a killed server cannot write into it.
      const work = `${finalDir}.partial-${attemptTag}`;
      await mkdir(work, { recursive: true });
      const result = await runFfmpeg(
        ffmpeg,
        [
          '-i', source, '-progress', 'pipe:1', '-nostats',
          '-map', '0:v:0', ...(probe.hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : []),
          '-vf', `scale=${width}:${height}`, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p',
          '-g', String(SEGMENT_SECONDS * 30), '-keyint_min', String(SEGMENT_SECONDS * 30), '-sc_threshold', '0', '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
          '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod',
          '-hls_segment_filename', path.join(work, 'seg_%05d.ts'), path.join(work, 'index.m3u8'),
        ],
        signal,
        report,
      ).catch(async (error: unknown) => {
        await rm(work, { recursive: true, force: true });
        throw error;
      });
      if (result.code !== 0) {
        await rm(work, { recursive: true, force: true });
        await failed(`encode the ${height}p rendition`, result);
      }
      await rm(finalDir, { recursive: true, force: true });
      await rename(work, finalDir);
      await removeStale(path.dirname(finalDir), `${height}.partial-`);
    }
    done += 1;
    const segments = (await readdir(finalDir)).filter((name) => name.endsWith('.ts'));
    const sizes = await Promise.all(segments.map(async (name) => (await stat(path.join(finalDir, name))).size));
    const bandwidth = Math.ceil(((sizes.reduce((a, b) => a + b, 0) * 8) / probe.durationSeconds) * 1.2);
    renditions.push({ name: `v${height}`, width, height, bandwidth });
  }

  const teaser = abs(paths.teaser);
  if (!(await exists(teaser))) {
    const small = heights[0]!;
    const result = await runFfmpeg(
      ffmpeg,
      [
        '-i', source, '-t', String(TEASER_SECONDS), '-map', '0:v:0', ...(probe.hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '96k', '-ac', '2'] : []),
        '-vf', `scale=${even((probe.width * small) / probe.height)}:${small}`, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-pix_fmt', 'yuv420p',
        '-movflags', '+faststart', '-f', 'mp4', `${teaser}.partial-${attemptTag}`,
      ],
      signal,
    );
    if (result.code !== 0) await failed('cut the teaser', result);
    await rename(`${teaser}.partial-${attemptTag}`, teaser);
    await removeStale(abs(folder), 'teaser.mp4.partial-');
  }

  // The poster frame, a quarter in (or at 1 s), re-encoded like any photo.
  const frame = path.join(abs(folder), `poster-frame-${attemptTag}.png`);
  const at = Math.min(1, probe.durationSeconds / 4);
  const grab = await runFfmpeg(ffmpeg, ['-ss', at.toFixed(2), '-i', source, '-frames:v', '1', '-f', 'image2', frame], signal);
  if (grab.code !== 0) await failed('take the poster frame', grab);
  const poster = await processImage(frame, 'photo', uploadsDir, paths.poster).finally(() => rm(frame, { force: true }));

  const master = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    ...renditions.flatMap((r) => [`#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height}`, `${r.name}.m3u8`]),
    '',
  ].join('\n');
  await writeFile(abs(paths.master), master);
  options.onProgress?.(100);
  return { ...probe, renditions, poster };
}
