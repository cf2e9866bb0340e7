import { mkdtempSync } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3-server.js';
import { localStore, s3Store, type ObjectStore } from './object-store.js';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3.close());

async function folderWithFiles(uploadsDir: string, folder: string) {
  await mkdir(path.join(uploadsDir, folder, 'hls/360'), { recursive: true });
  await writeFile(path.join(uploadsDir, folder, 'small.webp'), 'small bytes');
  await writeFile(path.join(uploadsDir, folder, 'hls/360/index.m3u8'), '#EXTM3U\nseg_00000.ts\n');
  await writeFile(path.join(uploadsDir, folder, 'hls/360/seg_00000.ts'), Buffer.alloc(3000, 0x47));
}

const stores: [string, (uploadsDir: string) => ObjectStore][] = [
  ['local', (uploadsDir) => localStore(uploadsDir)],
  ['s3', (uploadsDir) => s3Store(uploadsDir, { endpoint: s3.endpoint, bucket: s3.bucket, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey })],
];

describe.each(stores)('%s object store', (kind, make) => {
  it('publishes a processed folder, reads its files back, and removes it whole', async () => {
    const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'fandeck-store-'));
    const store = make(uploadsDir);
    const folder = `media/owner/${kind}-file`;
    await folderWithFiles(uploadsDir, folder);
    await store.publish(folder);
    // On S3 the local copy is gone once published: what is served comes from the bucket.
    if (kind === 's3') await expect(stat(path.join(uploadsDir, folder))).rejects.toThrow();
    const small = await store.read(`${folder}/small.webp`);
    expect(small && (await text(small.body))).toBe('small bytes');
    const segment = await store.read(`${folder}/hls/360/seg_00000.ts`);
    expect(segment?.size).toBe(3000);
    await segment?.body.resume();
    expect(await store.read(`${folder}/missing.webp`)).toBeNull();
    await store.remove(folder);
    expect(await store.read(`${folder}/small.webp`)).toBeNull();
    expect(await store.read(`${folder}/hls/360/index.m3u8`)).toBeNull();
  });

  it('refuses a path that climbs out of the uploads', async () => {
    const store = make(mkdtempSync(path.join(os.tmpdir(), 'fandeck-store-')));
    await expect(store.read('../etc/passwd')).rejects.toThrow(/invalid storage path/);
    await expect(store.remove('..')).rejects.toThrow(/invalid storage path/);
  });
});

describe('s3 object store credentials', () => {
  // s3rver checks the access key of a SigV4 request (not its signature arithmetic).
  it('is refused by the server with an unknown access key, and the local copy is kept', async () => {
    const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'fandeck-store-'));
    await folderWithFiles(uploadsDir, 'media/x/y');
    const wrong = s3Store(uploadsDir, { endpoint: s3.endpoint, bucket: s3.bucket, accessKeyId: 'NOT-A-KEY', secretAccessKey: s3.secretAccessKey });
    await expect(wrong.publish('media/x/y')).rejects.toThrow(/S3 put .*403/);
    expect((await stat(path.join(uploadsDir, 'media/x/y/small.webp'))).isFile()).toBe(true);
  });
});
