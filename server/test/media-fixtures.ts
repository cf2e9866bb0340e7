import { execFileSync } from 'node:child_process';
import { resolveFfmpeg } from '../src/media/ffmpeg.js';

/** The ffmpeg the server would use (the system's, else the npm package's). */
export function testFfmpeg(): string {
  const tool = resolveFfmpeg();
  if (!tool) throw new Error('no ffmpeg: neither on PATH nor from @ffmpeg-installer/ffmpeg');
  return tool.path;
}

/**
 * Writes a short test video (moving test pattern, a tone when `audio`), H.264 in MP4 or
 * VP8 in WebM by the file's extension, with a GPS location in its metadata.
 */
export function makeVideo(file: string, options: { width?: number; height?: number; seconds?: number; audio?: boolean } = {}): void {
  const { width = 320, height = 240, seconds = 2, audio = true } = options;
  const webm = file.endsWith('.webm');
  execFileSync(
    testFfmpeg(),
    [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=30:duration=${seconds}`,
      ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : []),
      ...(webm ? ['-c:v', 'libvpx', '-b:v', '500k'] : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']),
      ...(audio ? (webm ? ['-c:a', 'libvorbis'] : ['-c:a', 'aac']) : []),
      '-metadata', 'location=-23.5500-046.6333/',
      '-shortest', file,
    ],
    { stdio: 'pipe' },
  );
}
