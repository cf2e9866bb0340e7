/**
 * Turns an uploaded audio file (MP3, AAC, M4A, Ogg, WAV, WebM) into the one format every
 * browser plays: AAC at 128 kb/s in an MP4 container (`audio.m4a`), its index at the front so
 * playback starts before the whole file arrives. Like video, the result is written aside and
 * moved into place when complete, so a transcode cut short starts that one step over.
 */
import { randomBytes } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { exists, failed, removeStale, runFfmpeg, VideoError } from './video.js';

export interface AudioProbe {
  durationSeconds: number;
}

export interface TranscodedAudio extends AudioProbe {
  /** Relative to the uploads folder. */
  path: string;
  bytes: number;
}

export interface AudioTranscodeOptions {
  ffmpeg: string;
  source: string;
  uploadsDir: string;
  /** The file's folder, relative to `uploadsDir`. */
  folder: string;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
}

export const audioPath = (folder: string) => path.posix.join(folder, 'audio.m4a');

/** Duration of a file with an audio stream, from what ffmpeg prints of its input. */
export async function probeAudio(ffmpeg: string, source: string, signal?: AbortSignal): Promise<AudioProbe> {
  const { stderr } = await runFfmpeg(ffmpeg, ['-i', source], signal);
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  if (!/Stream #\d+:\d+.*?: Audio: /.test(stderr)) throw new VideoError('The file has no readable audio stream');
  const seconds = duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : 0;
  if (!(seconds > 0)) throw new VideoError('The audio has no duration');
  return { durationSeconds: seconds };
}

export async function transcodeAudio(options: AudioTranscodeOptions): Promise<TranscodedAudio> {
  const { ffmpeg, source, uploadsDir, folder, signal } = options;
  const target = path.join(uploadsDir, audioPath(folder));
  const probe = await probeAudio(ffmpeg, source, signal);
  if (!(await exists(target))) {
    const partial = `${target}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
    const result = await runFfmpeg(
      ffmpeg,
      ['-i', source, '-progress', 'pipe:1', '-nostats', '-map', '0:a:0', '-vn', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-f', 'mp4', partial],
      signal,
      (seconds) => options.onProgress?.(Math.min(99, Math.floor((seconds / probe.durationSeconds) * 100))),
    ).catch(async (error: unknown) => {
      await rm(partial, { force: true });
      throw error;
    });
    if (result.code !== 0) {
      await rm(partial, { force: true });
      await failed('convert the audio', result);
    }
    await rename(partial, target);
    await removeStale(path.dirname(target), 'audio.m4a.partial-');
  }
  options.onProgress?.(100);
  return { ...probe, path: audioPath(folder), bytes: (await stat(target)).size };
}
