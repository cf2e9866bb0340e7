import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, multipartForm, signIn, type TestApp } from '../../../test/helpers.js';
import { makeVideo } from '../../../test/media-fixtures.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { MEDIA_LINK_TTL_SECONDS, signMediaPath } from '../../media/signed-links.js';

let t: TestApp;
let clip: Buffer;
beforeAll(async () => {
  t = await createTestApp({}, { UPLOAD_VIDEO_MAX_BYTES: String(2 * 1024 * 1024) });
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fandeck-clip-')), 'clip.mp4');
  makeVideo(file, { width: 480, height: 360, seconds: 2 });
  clip = readFileSync(file);
});
afterAll(() => t.close());

type VideoFile = { _id: string; type: string; status: string | null; progress: number | null; url: string | null; teaser: string | null; placeholder: string | null; sizes: Record<string, { url: string }> | null };
type Feed = { _id: string; locked: boolean; files: VideoFile[] };

const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, ...(payload !== undefined ? { payload: payload as object } : {}), headers: { ...headers, ...(token ? { authorization: token } : {}) } });
const fetchLink = (url: string, token: string | null) => {
  const link = new URL(url, 'http://fandeck.test');
  return t.app.inject({ method: 'GET', url: link.pathname + link.search, headers: token ? { authorization: token } : {} });
};
const uploadVideo = (token: string, data: Buffer, filename = 'clip.mp4') => {
  const form = multipartForm([{ name: 'file', filename, contentType: 'video/mp4', data }]);
  return t.app.inject({ method: 'POST', url: '/api/performer/feeds/video/upload', payload: form.payload, headers: { ...form.headers, authorization: token } });
};
/** Entry lines of a playlist (links), without tags. */
const entries = (text: string) => text.split('\n').filter((line) => line && !line.startsWith('#'));

describe('video posts', () => {
  it('a paid video transcodes in the background, stays locked until bought, then plays by links for its buyer only', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    const creatorToken = await signIn(t.app, creator.email);
    const fan = await createUser(t.ctx, { balanceCents: 2000 });
    const fanToken = await signIn(t.app, fan.email);
    const other = await createUser(t.ctx, { balanceCents: 2000 });
    const otherToken = await signIn(t.app, other.email);

    const uploaded = await uploadVideo(creatorToken, clip);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().data).toMatchObject({ success: true, status: 'processing' });
    const fileId = uploaded.json().data._id as string;

    const created = await call('POST', '/api/performer/feeds', creatorToken, { type: 'video', text: 'Ensaio', isSale: true, price: 7, fileIds: [fileId] });
    expect(created.statusCode, created.body).toBe(200);
    const post = created.json().data as Feed;
    expect(post.files[0]).toMatchObject({ type: 'video', status: 'processing', url: null });
    const status = () => call('GET', `/api/user/feeds/${post._id}/file/${fileId}/status`, fanToken);
    expect((await status()).json().data).toMatchObject({ status: 'processing' });
    const notReady = await call('POST', `/api/feeds/file/${post._id}/videos/${fileId}/url`, creatorToken);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().code).toBe('media.not_ready');

    expect(await t.ctx.jobs.drain()).toBe(1);
    expect((await status()).json().data).toEqual({ status: 'finished', progress: 100 });

    // The fan sees the blurred poster, the price and the teaser; not the video.
    const locked = (await call('GET', `/api/user/feeds/${post._id}`, fanToken)).json().data as Feed;
    expect(locked.locked).toBe(true);
    expect(locked.files[0]).toMatchObject({ status: 'finished', url: null, sizes: null });
    expect(locked.files[0]!.placeholder).toMatch(/^data:image\/webp;base64,/);
    const teaser = await fetchLink(locked.files[0]!.teaser!, fanToken);
    expect(teaser.statusCode).toBe(200);
    expect(teaser.headers['content-type']).toBe('video/mp4');
    const refused = await call('POST', `/api/feeds/file/${post._id}/videos/${fileId}/url`, fanToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('content.locked');
    // Neither the creator's playlist link nor a segment link made for the creator opens for the fan.
    const creatorsUrl = (await call('POST', `/api/feeds/file/${post._id}/videos/${fileId}/url`, creatorToken)).json().data.url as string;
    expect((await fetchLink(creatorsUrl, fanToken)).statusCode).toBe(403);
    const creatorsMaster = await fetchLink(creatorsUrl, creatorToken);
    expect(creatorsMaster.statusCode).toBe(200);
    const creatorsRendition = await fetchLink(entries(creatorsMaster.body)[0]!, creatorToken);
    expect((await fetchLink(entries(creatorsRendition.body)[0]!, fanToken)).statusCode).toBe(403);
    // Unsigned or made-up names: refused, and nothing outside the file's own outputs is reachable.
    expect((await call('GET', `/api/media/files/${fileId}/master.m3u8`, fanToken)).statusCode).toBe(400);
    expect((await call('GET', `/api/media/files/${fileId}/..%2Foriginal.mp4?v=${fan.id}&e=1&s=x`, fanToken)).statusCode).toBe(400);
    for (const name of ['original', 'v360_99999.ts', 'v999.m3u8']) {
      const link = signMediaPath(t.ctx.config.mediaUrlSecret, fileId, name, fan.id);
      expect((await fetchLink(link, fanToken)).statusCode, name).toBe(403);
    }

    const bought = await call('POST', `/api/wallet/charges/feed/${post._id}`, fanToken, {}, { 'idempotency-key': 'video-unlock-1' });
    expect(bought.statusCode, bought.body).toBe(200);
    const playback = await call('POST', `/api/feeds/file/${post._id}/videos/${fileId}/url`, fanToken);
    expect(playback.statusCode, playback.body).toBe(200);
    const master = await fetchLink(playback.json().data.url, fanToken);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('private, no-store');
    expect(master.body).toContain('RESOLUTION=480x360');
    const renditionLink = entries(master.body)[0]!;
    expect(renditionLink).toMatch(/^\/api\/media\/files\/[0-9a-f]+\/v360\.m3u8\?v=/);
    const rendition = await fetchLink(renditionLink, fanToken);
    expect(rendition.statusCode).toBe(200);
    expect(rendition.body).toContain('#EXT-X-ENDLIST');
    const segments = entries(rendition.body);
    expect(segments.length).toBeGreaterThan(0);
    const segment = await fetchLink(segments[0]!, fanToken);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.rawPayload[0]).toBe(0x47); // an MPEG-TS sync byte
    // The buyer's links are theirs alone, and expire.
    expect((await fetchLink(segments[0]!, otherToken)).statusCode).toBe(403);
    expect((await fetchLink(segments[0]!, null)).statusCode).toBe(403);
    const old = signMediaPath(t.ctx.config.mediaUrlSecret, fileId, 'v360_00000.ts', fan.id, Date.now() - (MEDIA_LINK_TTL_SECONDS + 60) * 1000);
    expect((await fetchLink(old, fanToken)).statusCode).toBe(403);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('refuses what is not a video, what is too large, and posts with the wrong media', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    const token = await signIn(t.app, creator.email);
    const notVideo = await uploadVideo(token, Buffer.from('%PDF-1.4 not a video at all'), 'x.mp4');
    expect(notVideo.statusCode).toBe(415);
    expect(notVideo.json().code).toBe('media.unsupported_type');
    const huge = await uploadVideo(token, Buffer.concat([clip, Buffer.alloc(2 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('media.too_large');
    // A fan cannot upload at all.
    const fan = await createUser(t.ctx);
    expect((await uploadVideo(await signIn(t.app, fan.email), clip)).statusCode).toBe(403);

    const a = (await uploadVideo(token, clip)).json().data._id as string;
    const b = (await uploadVideo(token, clip)).json().data._id as string;
    for (const body of [{ fileIds: [] }, { fileIds: [a, b] }, { type: 'photo', fileIds: [a] }]) {
      const res = await call('POST', '/api/performer/feeds', token, { type: 'video', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().code).toBe('feeds.files_invalid');
    }
    // Another creator's video is not yours to post.
    const rival = await createUser(t.ctx, { role: 'performer' });
    const stolen = await call('POST', '/api/performer/feeds', await signIn(t.app, rival.email), { type: 'video', fileIds: [a] });
    expect(stolen.statusCode).toBe(422);
    await t.ctx.jobs.drain();
  });

  it('marks a file ffmpeg cannot read as error, without retrying it', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    const token = await signIn(t.app, creator.email);
    // MP4 by its first bytes, and nothing playable after them.
    const broken = Buffer.concat([clip.subarray(0, 32), Buffer.alloc(4096, 7)]);
    const fileId = (await uploadVideo(token, broken)).json().data._id as string;
    const post = (await call('POST', '/api/performer/feeds', token, { type: 'video', fileIds: [fileId] })).json().data as Feed;
    expect(await t.ctx.jobs.drain()).toBe(1);
    const res = await call('GET', `/api/user/feeds/${post._id}/file/${fileId}/status`, token);
    expect(res.json().data.status).toBe('error');
    expect(await t.ctx.jobs.drain()).toBe(0);
  });
});
