/**
 * STORAGE=s3 end to end against a real S3-protocol server: processed post media leave the
 * local disk for the bucket, and are served from it through the same signed, viewer-bound
 * links; deleting the post deletes them from the bucket.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3-server.js';
import { createTestApp, createUser, multipartForm, signIn, type TestApp } from '../../test/helpers.js';
import { makeVideo } from '../../test/media-fixtures.js';

let s3: TestS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({}, { STORAGE: 's3', S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, ...(payload !== undefined ? { payload: payload as object } : {}), headers: token ? { authorization: token } : {} });

describe('media on S3-compatible storage', () => {
  it('serves a post photo from the bucket through a signed link, and deletes it there with the post', async () => {
    expect(t.ctx.store.kind).toBe('s3');
    const creator = await createUser(t.ctx, { role: 'performer' });
    const token = await signIn(t.app, creator.email);
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#246' } }).jpeg().toBuffer();
    const form = multipartForm([{ name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg }]);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/performer/feeds/photo/upload', payload: form.payload, headers: { ...form.headers, authorization: token } });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const fileId = uploaded.json().data._id as string;
    // Nothing of it is left on the server's disk.
    expect(existsSync(path.join(t.ctx.config.uploadsDir, 'media', creator.id, fileId))).toBe(false);
    const post = (await call('POST', '/api/performer/feeds', token, { type: 'photo', fileIds: [fileId] })).json().data;
    const link = new URL(post.files[0].sizes.small.url);
    const image = await call('GET', link.pathname + link.search, token);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
    // Another viewer's session does not open it.
    const fan = await createUser(t.ctx);
    expect((await call('GET', link.pathname + link.search, await signIn(t.app, fan.email))).statusCode).toBe(403);

    expect((await call('DELETE', `/api/performer/feeds/${post._id}`, token)).statusCode).toBe(200);
    expect(await t.ctx.store.read(`media/${creator.id}/${fileId}/small.webp`)).toBeNull();
  });

  it('publishes a transcoded video to the bucket and plays it from there, segment links included', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    const token = await signIn(t.app, creator.email);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fandeck-s3-clip-')), 'clip.mp4');
    makeVideo(file, { width: 320, height: 240, seconds: 2 });
    const form = multipartForm([{ name: 'file', filename: 'clip.mp4', contentType: 'video/mp4', data: readFileSync(file) }]);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/performer/feeds/video/upload', payload: form.payload, headers: { ...form.headers, authorization: token } });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const fileId = uploaded.json().data._id as string;
    const post = (await call('POST', '/api/performer/feeds', token, { type: 'video', fileIds: [fileId] })).json().data;
    expect(await t.ctx.jobs.drain()).toBe(1);
    const folder = path.join(t.ctx.config.uploadsDir, 'media', creator.id, fileId);
    // Only the original is left on disk; the outputs are in the bucket.
    expect(readdirSync(folder)).toEqual(['original.mp4']);
    const url = (await call('POST', `/api/feeds/file/${post._id}/videos/${fileId}/url`, token)).json().data.url as string;
    const get = (link: string) => {
      const parsed = new URL(link, 'http://fandeck.test');
      return call('GET', parsed.pathname + parsed.search, token);
    };
    const master = await get(url);
    expect(master.statusCode).toBe(200);
    const rendition = await get(master.body.split('\n').find((line) => line.startsWith('/api/'))!);
    const segment = await get(rendition.body.split('\n').find((line) => line.startsWith('/api/'))!);
    expect(segment.statusCode).toBe(200);
    expect(segment.rawPayload[0]).toBe(0x47);
  });

  it('will not start with STORAGE=s3 and no bucket', async () => {
    const { loadConfig, ConfigError } = await import('../config/env.js');
    expect(() => loadConfig({ STORAGE: 's3', S3_ENDPOINT: s3.endpoint })).toThrow(ConfigError);
    expect(() => loadConfig({ STORAGE: 's3', S3_ENDPOINT: s3.endpoint })).toThrow(/S3_BUCKET: required with STORAGE=s3/);
  });
});
