import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeVideo, testFfmpeg } from '../../test/media-fixtures.js';
import { probeVideo, renditionHeights, transcodeVideo, videoPaths } from './video.js';

const folder = 'media/owner/file1';

function workspace() {
  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'fandeck-video-'));
  return { uploadsDir, abs: (relative: string) => path.join(uploadsDir, relative) };
}

describe('video transcoding', () => {
  it('picks the renditions a source can fill, never upscaling', () => {
    expect(renditionHeights(1080)).toEqual([360, 720, 1080]);
    expect(renditionHeights(720)).toEqual([360, 720]);
    expect(renditionHeights(240)).toEqual([240]);
    expect(renditionHeights(241)).toEqual([240]);
  });

  it('writes HLS renditions, a master playlist, a teaser and a poster with its placeholder', async () => {
    const { uploadsDir, abs } = workspace();
    const source = path.join(uploadsDir, 'in.mp4');
    makeVideo(source, { width: 1280, height: 720, seconds: 3 });
    const progress: number[] = [];
    const result = await transcodeVideo({ ffmpeg: testFfmpeg(), source, uploadsDir, folder, onProgress: (p) => progress.push(p) });
    expect(result).toMatchObject({ width: 1280, height: 720, hasAudio: true });
    expect(result.durationSeconds).toBeCloseTo(3, 0);
    expect(result.renditions.map((r) => [r.name, r.width, r.height])).toEqual([
      ['v360', 640, 360],
      ['v720', 1280, 720],
    ]);
    const master = await readFile(abs(videoPaths(folder).master), 'utf8');
    expect(master).toContain('RESOLUTION=640x360\nv360.m3u8');
    expect(master).toContain('RESOLUTION=1280x720\nv720.m3u8');
    const playlist = await readFile(abs(videoPaths(folder).rendition(360)), 'utf8');
    expect(playlist).toContain('#EXT-X-ENDLIST');
    expect(playlist).toMatch(/^seg_00000\.ts$/m);
    // The teaser is a playable MP4 of the first seconds.
    expect((await probeVideo(testFfmpeg(), abs(videoPaths(folder).teaser))).durationSeconds).toBeLessThanOrEqual(3.1);
    expect(result.poster.variants.map((v) => v.name)).toEqual(['small', 'medium', 'large']);
    expect(result.poster.placeholder).toMatch(/^data:image\/webp;base64,/);
    const posterMeta = await sharp(abs(result.poster.variants[0]!.path)).metadata();
    expect(posterMeta.format).toBe('webp');
    // Progress only rises, and ends at 100.
    expect(progress.at(-1)).toBe(100);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
  });

  it('resumes: a rendition already complete is not encoded again', async () => {
    const { uploadsDir, abs } = workspace();
    const source = path.join(uploadsDir, 'in.webm');
    makeVideo(source, { width: 640, height: 360, seconds: 2, audio: false });
    await transcodeVideo({ ffmpeg: testFfmpeg(), source, uploadsDir, folder });
    const kept = (await stat(abs(videoPaths(folder).rendition(360)))).mtimeMs;
    await rm(abs(videoPaths(folder).teaser));
    const again = await transcodeVideo({ ffmpeg: testFfmpeg(), source, uploadsDir, folder });
    expect((await stat(abs(videoPaths(folder).rendition(360)))).mtimeMs).toBe(kept);
    expect(again.hasAudio).toBe(false);
    await expect(stat(abs(videoPaths(folder).teaser))).resolves.toBeTruthy();
  });

  it('stops when aborted and leaves no half-written rendition in place', async () => {
    const { uploadsDir, abs } = workspace();
    const source = path.join(uploadsDir, 'in.mp4');
    makeVideo(source, { width: 1280, height: 720, seconds: 6 });
    const controller = new AbortController();
    const run = transcodeVideo({ ffmpeg: testFfmpeg(), source, uploadsDir, folder, signal: controller.signal, onProgress: (p) => p > 0 && controller.abort() });
    await expect(run).rejects.toThrow();
    await expect(stat(abs(videoPaths(folder).rendition(360)))).rejects.toThrow();
    await expect(stat(abs(videoPaths(folder).master))).rejects.toThrow();
    // Nor its work folder.
    expect((await readdir(abs(`${folder}/hls`))).filter((name) => name.includes('partial'))).toEqual([]);
  });

  it('refuses a file with no video stream', async () => {
    const { uploadsDir } = workspace();
    const source = path.join(uploadsDir, 'not-video.mp4');
    await import('node:fs/promises').then((fs) => fs.writeFile(source, Buffer.from('\0\0\0\x18ftypmp42 but nothing else')));
    await expect(transcodeVideo({ ffmpeg: testFfmpeg(), source, uploadsDir, folder })).rejects.toThrow(/no readable video stream/);
  });
});
