import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, multipartForm, signIn, type TestApp } from '../../../test/helpers.js';
import { makeVideo, testFfmpeg } from '../../../test/media-fixtures.js';
import { files } from '../../db/schema/index.js';
import { checkLedger } from '../../money/ledger/invariant.js';

let t: TestApp;
let dir: string;
let mp3: Buffer;
let clip: Buffer;
let jpeg: Buffer;

/** A 2 s tone in the format the file name says, written by the test's ffmpeg. */
function tone(name: string, codec: string[] = []): Buffer {
  const file = path.join(dir, name);
  execFileSync(testFfmpeg(), ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', ...codec, file], { stdio: 'pipe' });
  return readFileSync(file);
}

beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(path.join(os.tmpdir(), 'fandeck-audio-'));
  mp3 = tone('tone.mp3');
  makeVideo(path.join(dir, 'clip.mp4'), { width: 320, height: 240, seconds: 1 });
  clip = readFileSync(path.join(dir, 'clip.mp4'));
  jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#a53' } }).jpeg().toBuffer();
});
afterAll(() => t.close());

type MediaFile = { _id: string; type: string; status: string | null; progress: number | null; duration: number | null; url: string | null; sizes: Record<string, { url: string }> | null };
type Thumbnail = { _id: string; url: string | null; sizes: Record<string, { url: string; width: number; height: number }>; placeholder: string | null };
type Teaser = { _id: string; status: string; url: string | null };
type Feed = { _id: string; type: string; locked: boolean; files: MediaFile[]; thumbnail: Thumbnail | null; teaser: Teaser | null };

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, ...(payload !== undefined ? { payload: payload as object } : {}), headers: { ...headers, ...(token ? { authorization: token } : {}) } });
const upload = (what: 'audio' | 'thumbnail' | 'teaser' | 'video' | 'photo', token: string, data: Buffer, filename = 'upload.bin') => {
  const form = multipartForm([{ name: 'file', filename, contentType: 'application/octet-stream', data }]);
  return t.app.inject({ method: 'POST', url: `/api/performer/feeds/${what}/upload`, payload: form.payload, headers: { ...form.headers, authorization: token } });
};
const fetchLink = (url: string, token: string | null) => {
  const link = new URL(url, 'http://fandeck.test');
  return t.app.inject({ method: 'GET', url: link.pathname + link.search, headers: token ? { authorization: token } : {} });
};
async function creator() {
  const user = await createUser(t.ctx, { role: 'performer' });
  return { user, token: await signIn(t.app, user.email) };
}

describe('audio posts', () => {
  it('an MP3 becomes AAC in MP4, locked until bought, then served as audio/mp4 to its buyer only', async () => {
    const { token: creatorToken } = await creator();
    const fan = await createUser(t.ctx, { balanceCents: 2000 });
    const fanToken = await signIn(t.app, fan.email);
    const other = await createUser(t.ctx, { balanceCents: 2000 });
    const otherToken = await signIn(t.app, other.email);

    const uploaded = await upload('audio', creatorToken, mp3, 'song.mp3');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().data).toMatchObject({ success: true, status: 'processing' });
    const fileId = uploaded.json().data._id as string;

    const created = await call('POST', '/api/performer/feeds', creatorToken, { type: 'audio', text: 'Nova música', isSale: true, price: 4, fileIds: [fileId] });
    expect(created.statusCode, created.body).toBe(200);
    const post = created.json().data as Feed;
    expect(post.files[0]).toMatchObject({ _id: fileId, type: 'audio', status: 'processing', url: null, sizes: null });

    expect(await t.ctx.jobs.drain()).toBe(1);
    const status = await call('GET', `/api/user/feeds/${post._id}/file/${fileId}/status`, fanToken);
    expect(status.json().data).toEqual({ status: 'finished', progress: 100 });
    const [stored] = await t.ctx.db.select().from(files).where(eq(files.id, fileId));
    expect(stored!.variants!.map((v) => v.name)).toEqual(['audio']);
    expect(stored!.variants![0]!.path).toMatch(/audio\.m4a$/);

    const locked = (await call('GET', `/api/user/feeds/${post._id}`, fanToken)).json().data as Feed;
    expect(locked.locked).toBe(true);
    expect(locked.files[0]).toMatchObject({ type: 'audio', status: 'finished', progress: 100, url: null, sizes: null });
    expect(locked.files[0]!.duration).toBeGreaterThan(1.5);
    expect(locked.files[0]!.duration).toBeLessThan(2.5);

    // Its creator plays it; the creator's link is not the fan's.
    const mine = (await call('GET', `/api/performer/feeds/${post._id}`, creatorToken)).json().data as Feed;
    const creatorsLink = mine.files[0]!.url!;
    expect(creatorsLink).toMatch(/\/api\/media\/files\/[0-9a-f]+\/audio\?v=/);
    expect((await fetchLink(creatorsLink, creatorToken)).statusCode).toBe(200);
    expect((await fetchLink(creatorsLink, fanToken)).statusCode).toBe(403);
    expect((await fetchLink(creatorsLink, null)).statusCode).toBe(403);

    const bought = await call('POST', `/api/wallet/charges/feed/${post._id}`, fanToken, {}, { 'idempotency-key': 'audio-unlock-1' });
    expect(bought.statusCode, bought.body).toBe(200);
    const open = (await call('GET', `/api/user/feeds/${post._id}`, fanToken)).json().data as Feed;
    expect(open.locked).toBe(false);
    const link = open.files[0]!.url!;
    const audio = await fetchLink(link, fanToken);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mp4');
    expect(audio.headers['x-content-type-options']).toBe('nosniff');
    expect(audio.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect((await fetchLink(link, otherToken)).statusCode).toBe(403);
    expect((await fetchLink(link, null)).statusCode).toBe(403);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('accepts M4A, AAC, Ogg, WAV and WebM audio by their bytes, and converts each', async () => {
    const { token } = await creator();
    const samples = [
      tone('tone.m4a'),
      tone('tone.aac', ['-c:a', 'aac', '-f', 'adts']),
      tone('tone.ogg', ['-c:a', 'libvorbis']),
      tone('tone.wav'),
      tone('tone.webm', ['-c:a', 'libopus']),
    ];
    const ids: string[] = [];
    for (const data of samples) {
      const res = await upload('audio', token, data, 'misnamed.txt');
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().data._id);
    }
    expect(await t.ctx.jobs.drain()).toBe(samples.length);
    const rows = await t.ctx.db.select().from(files).where(inArray(files.id, ids));
    for (const row of rows) {
      expect(row.status, row.mimeType).toBe('finished');
      expect(row.variants?.[0]?.name).toBe('audio');
      expect(row.durationSeconds).toBeGreaterThan(1.5);
    }
  });

  it('refuses what is not audio, and posts with the wrong media', async () => {
    const { token } = await creator();
    for (const data of [jpeg, Buffer.from('%PDF-1.4 nothing'), Buffer.from('just some text, not audio')]) {
      const res = await upload('audio', token, data);
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('media.unsupported_type');
    }
    const fan = await createUser(t.ctx);
    expect((await upload('audio', await signIn(t.app, fan.email), mp3)).statusCode).toBe(403);

    const a = (await upload('audio', token, mp3)).json().data._id as string;
    const b = (await upload('audio', token, mp3)).json().data._id as string;
    const photo = (await upload('photo', token, jpeg)).json().data._id as string;
    for (const body of [{ type: 'audio', fileIds: [] }, { type: 'audio', fileIds: [a, b] }, { type: 'audio', fileIds: [photo] }, { type: 'video', fileIds: [a] }, { type: 'photo', fileIds: [a] }]) {
      const res = await call('POST', '/api/performer/feeds', token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().code).toBe('feeds.files_invalid');
    }
    const rival = await creator();
    expect((await call('POST', '/api/performer/feeds', rival.token, { type: 'audio', fileIds: [a] })).statusCode).toBe(422);
    await t.ctx.jobs.drain();
  });
});

describe('thumbnails and teasers', () => {
  it('a locked video post shows its thumbnail and teaser to everyone', async () => {
    const { token: creatorToken } = await creator();
    const fan = await createUser(t.ctx);
    const fanToken = await signIn(t.app, fan.email);

    const thumb = await upload('thumbnail', creatorToken, jpeg, 'cover.jpg');
    expect(thumb.statusCode, thumb.body).toBe(200);
    expect(thumb.json().data).toMatchObject({ success: true, width: 400, height: 300 });
    const teaser = await upload('teaser', creatorToken, clip, 'teaser.mp4');
    expect(teaser.statusCode, teaser.body).toBe(200);
    expect(teaser.json().data).toMatchObject({ success: true, status: 'processing' });
    const video = (await upload('video', creatorToken, clip, 'clip.mp4')).json().data._id as string;

    const created = await call('POST', '/api/performer/feeds', creatorToken, {
      type: 'video',
      isSale: true,
      price: 6,
      fileIds: [video],
      thumbnailId: thumb.json().data._id,
      teaserId: teaser.json().data._id,
    });
    expect(created.statusCode, created.body).toBe(200);
    const post = created.json().data as Feed;
    expect(post.teaser).toMatchObject({ _id: teaser.json().data._id, status: 'processing', url: null });
    expect(await t.ctx.jobs.drain()).toBe(2);

    for (const token of [fanToken, null]) {
      const seen = (await call('GET', `/api/user/feeds/${post._id}`, token)).json().data as Feed;
      expect(seen.locked).toBe(true);
      expect(seen.files[0]!.url).toBeNull();
      expect(Object.keys(seen.thumbnail!.sizes).sort()).toEqual(['large', 'medium', 'small']);
      // What the locked video shows: the thumbnail, in its sizes.
      expect(Object.keys(seen.files[0]!.sizes ?? {}).sort()).toEqual(['large', 'medium', 'small']);
      const image = await fetchLink(seen.thumbnail!.url!, token);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(seen.teaser).toMatchObject({ status: 'finished' });
      const clipAnswer = await fetchLink(seen.teaser!.url!, token);
      expect(clipAnswer.statusCode).toBe(200);
      expect(clipAnswer.headers['content-type']).toBe('video/mp4');
    }

    // Removed with null; other previews stay.
    const edited = await call('PUT', `/api/performer/feeds/${post._id}`, creatorToken, { thumbnailId: null });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ thumbnail: null, teaser: { status: 'finished' } });
    // Deleting the post deletes its previews' files.
    expect((await call('DELETE', `/api/performer/feeds/${post._id}`, creatorToken)).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(files).where(inArray(files.id, [teaser.json().data._id, video]))).toHaveLength(0);
  });

  it('refuses wrong files, other creators’ previews, and previews on posts without them', async () => {
    const { token } = await creator();
    const notImage = await upload('thumbnail', token, mp3);
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().code).toBe('media.unsupported_type');
    const notVideo = await upload('teaser', token, jpeg);
    expect(notVideo.statusCode).toBe(415);
    const fan = await createUser(t.ctx);
    const fanToken = await signIn(t.app, fan.email);
    expect((await upload('thumbnail', fanToken, jpeg)).statusCode).toBe(403);
    expect((await upload('teaser', fanToken, clip)).statusCode).toBe(403);

    const thumbnailId = (await upload('thumbnail', token, jpeg)).json().data._id as string;
    const photoId = (await upload('photo', token, jpeg)).json().data._id as string;
    const video = () => upload('video', token, clip).then((r) => r.json().data._id as string);
    const refusals: Record<string, unknown>[] = [
      { type: 'text', thumbnailId },
      { type: 'photo', fileIds: [photoId], thumbnailId },
      { type: 'video', fileIds: [await video()], thumbnailId: photoId },
      { type: 'video', fileIds: [await video()], teaserId: thumbnailId },
    ];
    for (const body of refusals) {
      const res = await call('POST', '/api/performer/feeds', token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().code).toBe('feeds.files_invalid');
    }
    const rival = await creator();
    const stolen = await call('POST', '/api/performer/feeds', rival.token, { type: 'video', fileIds: [(await upload('video', rival.token, clip)).json().data._id], thumbnailId });
    expect(stolen.statusCode).toBe(422);
    // One post per thumbnail.
    expect((await call('POST', '/api/performer/feeds', token, { type: 'video', fileIds: [await video()], thumbnailId })).statusCode).toBe(200);
    const twice = await call('POST', '/api/performer/feeds', token, { type: 'audio', fileIds: [(await upload('audio', token, mp3)).json().data._id], thumbnailId });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().code).toBe('feeds.files_invalid');
    await t.ctx.jobs.drain();
  });
});
