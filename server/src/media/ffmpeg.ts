/**
 * Where the server's ffmpeg comes from: `FFMPEG_PATH` when set, else the system's
 * (`ffmpeg` on PATH: Debian's package, with its codecs and updates), else the static
 * binary the `@ffmpeg-installer` npm package ships for this platform, so a machine with
 * nothing installed still processes video.
 */
import { accessSync, chmodSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface FfmpegTool {
  path: string;
  source: 'env' | 'system' | 'package';
}

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The first `name` on a PATH string, or null. */
export function findOnPath(name: string, searchPath: string | undefined): string | null {
  for (const dir of (searchPath ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/** The packaged binary for this platform, made executable if the install skipped that; null when none ships for it. */
export function packagedFfmpeg(): string | null {
  try {
    const require = createRequire(import.meta.url);
    const { path: binary } = require('@ffmpeg-installer/ffmpeg') as { path: string };
    if (!isExecutable(binary)) chmodSync(binary, 0o755);
    return isExecutable(binary) ? binary : null;
  } catch {
    return null;
  }
}

export function resolveFfmpeg(env: Record<string, string | undefined> = process.env): FfmpegTool | null {
  if (env.FFMPEG_PATH) return isExecutable(env.FFMPEG_PATH) ? { path: env.FFMPEG_PATH, source: 'env' } : null;
  const system = findOnPath('ffmpeg', env.PATH);
  if (system) return { path: system, source: 'system' };
  const packaged = packagedFfmpeg();
  return packaged ? { path: packaged, source: 'package' } : null;
}
