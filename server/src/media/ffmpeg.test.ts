import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findOnPath, resolveFfmpeg } from './ffmpeg.js';

const version = (binary: string) => execFileSync(binary, ['-hide_banner', '-version'], { encoding: 'utf8' }).split('\n')[0];

describe('ffmpeg', () => {
  it('runs the binary the npm package ships when the system has none', () => {
    const tool = resolveFfmpeg({ PATH: mkdtempSync(path.join(os.tmpdir(), 'no-ffmpeg-')) });
    expect(tool?.source).toBe('package');
    expect(version(tool!.path)).toMatch(/^ffmpeg version/);
  });

  it('prefers the system’s on PATH, and FFMPEG_PATH over both', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fake-ffmpeg-'));
    const fake = path.join(dir, 'ffmpeg');
    writeFileSync(fake, '#!/bin/sh\necho "ffmpeg version system"\n', { mode: 0o755 });
    expect(findOnPath('ffmpeg', `/nonexistent${path.delimiter}${dir}`)).toBe(fake);
    expect(resolveFfmpeg({ PATH: dir })).toEqual({ path: fake, source: 'system' });
    expect(resolveFfmpeg({ PATH: '', FFMPEG_PATH: fake })).toEqual({ path: fake, source: 'env' });
    // A FFMPEG_PATH that is not there is not silently swapped for another binary.
    expect(resolveFfmpeg({ PATH: dir, FFMPEG_PATH: path.join(dir, 'missing') })).toBeNull();
  });
});
