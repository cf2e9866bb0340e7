import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, multipartForm, signIn, type TestApp } from '../../../test/helpers.js';
import { makeVideo } from '../../../test/media-fixtures.js';
import { files, users, videos } from '../../db/schema/index.js';
import type { Part } from '../../http/bad-input.wire.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { balanceOf } from '../../money/ledger/ledger.js';

let t: TestApp;
let clip: Buffer;
let picture: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fandeck-videos-')), 'clip.mp4');
  makeVideo(file, { width: 320, height: 240, seconds: 2 });
  clip = readFileSync(file);
  picture = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#753' } }).jpeg().toBuffer();
});
afterAll(() => t.close());

type MediaFile = { _id: string; status: string; url: string | null; teaser: string | null; placeholder: string | null; sizes: Record<string, { url: string }> | null };
type Video = {
  _id: string;
  title: string;
  status: string;
  price: number;
  isSale: boolean;
  isBought: boolean;
  locked: boolean;
  tags: string[];
  video: MediaFile | null;
  teaser: MediaFile | null;
  thumbnail: { _id: string; url: string | null; placeholder: string | null; sizes: Record<string, { url: string }> | null } | null;
};

const MINE = '/api/performer/performer-assets/videos';
const PUBLIC = '/api/performer-assets/videos';

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, ...(payload !== undefined ? { payload: payload as object } : {}), headers: { ...headers, ...(token ? { authorization: token } : {}) } });
const send = (method: 'POST' | 'PUT', url: string, token: string, parts: Part[]) => {
  const form = multipartForm(parts);
  return t.app.inject({ method, url, payload: form.payload, headers: { ...form.headers, authorization: token } });
};
const videoPart = (name = 'video', data = clip): Part => ({ name, filename: 'clip.mp4', contentType: 'video/mp4', data });
const thumbnailPart = (data = picture): Part => ({ name: 'thumbnail', filename: 'thumb.jpg', contentType: 'image/jpeg', data });
const textParts = (fields: Record<string, string>): Part[] => Object.entries(fields).map(([name, data]) => ({ name, data }));
const fetchLink = (url: string, token: string | null) => {
  const link = new URL(url, 'http://fandeck.test');
  return t.app.inject({ method: 'GET', url: link.pathname + link.search, headers: token ? { authorization: token } : {} });
};
const entries = (text: string) => text.split('\n').filter((line) => line && !line.startsWith('#'));
const expectError = (res: { statusCode: number; json(): { code?: string } }, status: number, code: string, what = '') =>
  expect({ what, status: res.statusCode, code: res.json().code }).toEqual({ what, status, code });

async function creator(values: { verifiedDocument?: boolean } = {}) {
  const user = await createUser(t.ctx, { role: 'performer', ...values });
  return { user, token: await signIn(t.app, user.email) };
}
async function fan(balanceCents = 0) {
  const user = await createUser(t.ctx, { balanceCents });
  return { user, token: await signIn(t.app, user.email) };
}
async function upload(token: string, kind: 'video' | 'teaser' | 'thumbnail'): Promise<string> {
  const res = await send('POST', `${MINE}/${kind}/upload`, token, [kind === 'thumbnail' ? thumbnailPart() : videoPart(kind)]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
}
async function createVideo(token: string, body: Record<string, unknown>): Promise<Video> {
  const res = await call('POST', MINE, token, { title: 'Ensaio', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Video;
}

describe('videos', () => {
  it('a paid video from separate uploads stays locked with its placeholder and teaser until bought, then plays for its buyer only', async () => {
    const owner = await creator();
    const buyer = await fan(2000);
    const other = await fan(2000);

    const fileRes = await send('POST', `${MINE}/video/upload`, owner.token, [videoPart()]);
    expect(fileRes.json().data).toMatchObject({ success: true, status: 'processing' });
    const fileId = fileRes.json().data._id as string;
    const teaserId = await upload(owner.token, 'teaser');
    const thumbRes = await send('POST', `${MINE}/thumbnail/upload`, owner.token, [thumbnailPart()]);
    expect(thumbRes.statusCode, thumbRes.body).toBe(200);
    expect(thumbRes.json().data.placeholder).toMatch(/^data:image\/webp;base64,/);
    const thumbnailId = thumbRes.json().data._id as string;

    const created = await createVideo(owner.token, { description: 'Bastidores', isSale: true, price: 7, tags: ['dança', ' palco ', 'dança'], fileId, teaserId, thumbnailId });
    expect(created).toMatchObject({ locked: false, isBought: false, price: 7, isSale: true, status: 'active', tags: ['dança', 'palco'] });
    expect(created.video).toMatchObject({ _id: fileId, status: 'processing', url: null });
    const status = () => call('GET', `${PUBLIC}/${created._id}/file/${fileId}/status`, buyer.token);
    expect((await status()).json().data).toMatchObject({ status: 'processing' });
    const url = (token: string | null, id = fileId) => call('POST', `/api/user/performer-assets/videos/${created._id}/${id}/url`, token, {});
    expectError(await url(owner.token), 409, 'media.not_ready');

    expect(await t.ctx.jobs.drain()).toBe(2);
    expect((await status()).json().data).toEqual({ status: 'finished', progress: 100 });

    // The fan sees the title, price, blurred poster and thumbnail, and the teasers; not the video.
    const locked = (await call('GET', `${PUBLIC}/${created._id}`, buyer.token)).json().data as Video;
    expect(locked).toMatchObject({ locked: true, isBought: false, price: 7 });
    expect(locked.video).toMatchObject({ status: 'finished', url: null, sizes: null });
    expect(locked.video!.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(locked.thumbnail).toMatchObject({ url: null, sizes: null });
    expect(locked.thumbnail!.placeholder).toMatch(/^data:image\/webp;base64,/);
    const autoTeaser = await fetchLink(locked.video!.teaser!, buyer.token);
    expect(autoTeaser.statusCode).toBe(200);
    expect(autoTeaser.headers['content-type']).toBe('video/mp4');
    expect((await fetchLink(locked.teaser!.url!, buyer.token)).statusCode).toBe(200);
    expect((await url(buyer.token, teaserId)).statusCode).toBe(200);
    const listed = (await call('GET', `${PUBLIC}/search?performerId=${owner.user.id}`, null)).json().data;
    expect(listed.total).toBe(1);
    expect(listed.data[0]).toMatchObject({ _id: created._id, locked: true });
    expectError(await url(buyer.token), 403, 'content.locked');
    expectError(await url(null), 403, 'content.locked');
    // The creator's playlist link does not open for the fan.
    const ownersUrl = (await url(owner.token)).json().data.url as string;
    expect((await fetchLink(ownersUrl, buyer.token)).statusCode).toBe(403);

    const buy = (key: string) => call('POST', `/api/wallet/charges/video/${created._id}`, buyer.token, {}, { 'idempotency-key': key });
    const bought = await buy('video-unlock-1');
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(buyer.user.id))).toBe(1300);
    expectError(await buy('video-unlock-2'), 409, 'videos.already_unlocked');
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(buyer.user.id))).toBe(1300);
    // The creator cannot buy their own.
    expect((await call('POST', `/api/wallet/charges/video/${created._id}`, owner.token, {}, { 'idempotency-key': 'self' })).statusCode).toBe(422);

    const open = (await call('GET', `${PUBLIC}/${created._id}`, buyer.token)).json().data as Video;
    expect(open).toMatchObject({ locked: false, isBought: true });
    expect(open.thumbnail!.sizes).toHaveProperty('large');
    const playback = await url(buyer.token);
    expect(playback.statusCode, playback.body).toBe(200);
    expect(playback.json().data.duration).toBeGreaterThan(1);
    const master = await fetchLink(playback.json().data.url, buyer.token);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.body).toContain('RESOLUTION=320x240');
    const rendition = await fetchLink(entries(master.body)[0]!, buyer.token);
    expect(rendition.statusCode).toBe(200);
    const segment = await fetchLink(entries(rendition.body)[0]!, buyer.token);
    expect(segment.statusCode).toBe(200);
    expect(segment.rawPayload[0]).toBe(0x47);
    // The buyer's links are theirs alone.
    expect((await fetchLink(playback.json().data.url, other.token)).statusCode).toBe(403);
    expect((await fetchLink(entries(rendition.body)[0]!, null)).statusCode).toBe(403);
    expectError(await url(other.token), 403, 'content.locked');
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('uploads and creates in one request; fans see published videos only, filtered and sorted by known columns', async () => {
    const owner = await creator();
    const viewer = await fan();
    const res = await send('POST', `${MINE}/upload`, owner.token, [
      ...textParts({ title: 'Um take', description: 'Livre', tags: 'ensaio, livre', isSale: 'false', price: '', status: 'active' }),
      videoPart(),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const free = res.json().data as Video;
    expect(free).toMatchObject({ title: 'Um take', isSale: false, price: 0, locked: false, tags: ['ensaio', 'livre'], status: 'active' });
    expect(free.video!.status).toBe('processing');

    const draft = await createVideo(owner.token, { title: 'Rascunho', status: 'draft' });
    const later = await createVideo(owner.token, { title: 'Depois', fileId: await upload(owner.token, 'video'), scheduledAt: new Date(Date.now() + 86_400_000).toISOString() });
    const paid = await createVideo(owner.token, { title: 'Pago', fileId: await upload(owner.token, 'video'), isSale: true, price: '12.50' });
    expect(await t.ctx.jobs.drain()).toBe(3);

    const search = async (query: string, token: string | null = viewer.token) => {
      const page = await call('GET', `${PUBLIC}/search?performerId=${owner.user.id}&${query}`, token);
      expect(page.statusCode, page.body).toBe(200);
      return page.json().data as { data: Video[]; total: number };
    };
    expect((await search('')).data.map((v) => v._id).sort()).toEqual([free._id, paid._id].sort());
    expect((await search('isSale=true')).data.map((v) => v._id)).toEqual([paid._id]);
    expect((await search('q=take')).data.map((v) => v._id)).toEqual([free._id]);
    expect((await search('q=%25')).total).toBe(0);
    expect((await search('sortBy=price&sort=desc')).data.map((v) => v._id)).toEqual([paid._id, free._id]);
    expect((await search('sortBy=price&sort=asc')).data.map((v) => v._id)).toEqual([free._id, paid._id]);
    for (const hidden of [draft, later]) expect((await call('GET', `${PUBLIC}/${hidden._id}`, viewer.token)).statusCode).toBe(404);
    // A free video plays for anyone, signed out too, by a link made for them.
    const signedOut = (await search('', null)).data.find((v) => v._id === free._id)!;
    expect(signedOut.locked).toBe(false);
    expect((await fetchLink(signedOut.video!.url!, null)).statusCode).toBe(200);
    // The creator's own list has all four, drafts filterable.
    const mine = (await call('GET', MINE + '/search', owner.token)).json().data;
    expect(mine.total).toBe(4);
    expect((await call('GET', MINE + '/search?status=draft', owner.token)).json().data.data.map((v: Video) => v._id)).toEqual([draft._id]);
    expect((await call('GET', `${MINE}/${draft._id}/view`, owner.token)).json().data).toMatchObject({ _id: draft._id, status: 'draft', video: null });
    // A deactivated creator's videos disappear for fans.
    await t.ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, owner.user.id));
    expect((await search('')).total).toBe(0);
  });

  it('only the owner edits, updates, removes files from and deletes a video', async () => {
    const owner = await creator();
    const rival = await creator();
    const viewer = await fan();
    const oldThumb = await upload(owner.token, 'thumbnail');
    const video = await createVideo(owner.token, { fileId: await upload(owner.token, 'video'), thumbnailId: oldThumb });
    await t.ctx.jobs.drain();

    const updated = await call('PUT', `${MINE}/update/${video._id}`, owner.token, { title: 'Novo título', isSale: true, price: 9, tags: 'a,b', teaserId: '' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ title: 'Novo título', isSale: true, price: 9, tags: ['a', 'b'] });

    // Multipart edit: text only, then a new thumbnail that replaces (and deletes) the old one.
    const text = await send('PUT', `${MINE}/edit/${video._id}`, owner.token, textParts({ description: 'Com legenda', price: '8' }));
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json().data).toMatchObject({ description: 'Com legenda', price: 8, title: 'Novo título' });
    const withThumb = await send('PUT', `${MINE}/edit/${video._id}`, owner.token, [...textParts({ title: 'Capa nova' }), thumbnailPart()]);
    expect(withThumb.statusCode, withThumb.body).toBe(200);
    const edited = withThumb.json().data as Video;
    expect(edited.title).toBe('Capa nova');
    expect(edited.thumbnail!._id).not.toBe(oldThumb);
    expect(await t.ctx.db.select().from(files).where(eq(files.id, oldThumb))).toEqual([]);
    // JSON through the edit route too.
    expect((await call('PUT', `${MINE}/edit/${video._id}`, owner.token, { status: 'inactive' })).json().data.status).toBe('inactive');
    expect((await call('PUT', `${MINE}/update/${video._id}`, owner.token, { status: 'active' })).statusCode).toBe(200);

    // Others: another creator gets a 404 (or a 403 on a published video's view), a fan a 403.
    for (const [method, url, body] of [
      ['PUT', `${MINE}/update/${video._id}`, { title: 'x' }],
      ['PUT', `${MINE}/edit/${video._id}`, { title: 'x' }],
      ['DELETE', `${MINE}/remove-file/${video._id}`, { type: 'thumbnail' }],
      ['DELETE', `${MINE}/${video._id}`, undefined],
    ] as const) {
      expectError(await call(method, url, rival.token, body), 404, 'videos.not_found', `rival ${method} ${url}`);
      expectError(await call(method, url, viewer.token, body), 403, 'auth.role_forbidden', `fan ${method} ${url}`);
    }
    expectError(await call('GET', `${MINE}/${video._id}/view`, rival.token), 403, 'auth.role_forbidden');
    const rivalEdit = await send('PUT', `${MINE}/edit/${video._id}`, rival.token, [thumbnailPart()]);
    expectError(rivalEdit, 404, 'videos.not_found');
    // The rival's upload was not kept.
    expect(await t.ctx.db.select().from(files).where(eq(files.ownerId, rival.user.id))).toEqual([]);

    // Removing the thumbnail, then the video file: the video goes back to draft and cannot be published.
    const noThumb = await call('DELETE', `${MINE}/remove-file/${video._id}`, owner.token, { type: 'thumbnail' });
    expect(noThumb.statusCode, noThumb.body).toBe(200);
    expect(noThumb.json().data.thumbnail).toBeNull();
    expect(await t.ctx.db.select().from(files).where(eq(files.id, edited.thumbnail!._id))).toEqual([]);
    const noVideo = (await call('DELETE', `${MINE}/remove-file/${video._id}`, owner.token, { type: 'video' })).json().data as Video;
    expect(noVideo).toMatchObject({ video: null, status: 'draft' });
    expect((await call('GET', `${PUBLIC}/${video._id}`, viewer.token)).statusCode).toBe(404);
    expectError(await call('PUT', `${MINE}/update/${video._id}`, owner.token, { status: 'active' }), 422, 'videos.file_required');
    // Removing what is not there is fine.
    expect((await call('DELETE', `${MINE}/remove-file/${video._id}`, owner.token, { type: 'teaser' })).statusCode).toBe(200);

    const fileId = await upload(owner.token, 'video');
    const republished = await call('PUT', `${MINE}/update/${video._id}`, owner.token, { fileId, status: 'active' });
    expect(republished.statusCode, republished.body).toBe(200);
    expect((await call('DELETE', `${MINE}/${video._id}`, owner.token)).statusCode).toBe(200);
    expectError(await call('DELETE', `${MINE}/${video._id}`, owner.token), 404, 'videos.not_found');
    expect(await t.ctx.db.select().from(videos).where(eq(videos.id, video._id))).toEqual([]);
    expect(await t.ctx.db.select().from(files).where(eq(files.id, fileId))).toEqual([]);
    await t.ctx.jobs.drain();
  });

  it('refuses bad input on every route with a code naming the problem', async () => {
    const owner = await creator();
    const rival = await creator();
    const pending = await creator({ verifiedDocument: false });
    const viewer = await fan(1000);
    const notVideo = Buffer.from('%PDF-1.4 not a video at all');

    for (const kind of ['video', 'teaser'] as const) {
      expectError(await send('POST', `${MINE}/${kind}/upload`, owner.token, [videoPart(kind, notVideo)]), 415, 'media.unsupported_type', kind);
      expectError(await send('POST', `${MINE}/${kind}/upload`, owner.token, textParts({ title: 'x' })), 400, 'media.file_required', kind);
    }
    expectError(await send('POST', `${MINE}/video/upload`, owner.token, [videoPart('file')]), 400, 'request.unexpected_file');
    expectError(await send('POST', `${MINE}/thumbnail/upload`, owner.token, [thumbnailPart(notVideo)]), 415, 'media.unsupported_type');
    expectError(await send('POST', `${MINE}/upload`, owner.token, [...textParts({ title: 'x' }), videoPart('video', notVideo)]), 415, 'media.unsupported_type');
    expectError(await send('POST', `${MINE}/video/upload`, viewer.token, [videoPart()]), 403, 'auth.role_forbidden');
    expectError(await call('POST', `${MINE}/upload`, owner.token, { title: 'json' }), 415, 'request.unsupported_media_type');

    // A refused one-shot form keeps nothing.
    const before = (await t.ctx.db.select().from(files).where(eq(files.ownerId, owner.user.id))).length;
    const badForm = await send('POST', `${MINE}/upload`, owner.token, [...textParts({ title: 'x', isSale: 'true', price: 'abc' }), videoPart()]);
    expectError(badForm, 400, 'request.invalid');
    expect(badForm.json().fields).toContain('body.price');
    expectError(await send('POST', `${MINE}/upload`, owner.token, [videoPart()]), 400, 'request.invalid', 'no title');
    expect((await t.ctx.db.select().from(files).where(eq(files.ownerId, owner.user.id))).length).toBe(before);

    const fileId = await upload(owner.token, 'video');
    const teaserId = await upload(owner.token, 'teaser');
    const rivalsFile = await upload(rival.token, 'video');
    const cases: [string, string, Record<string, unknown>, number, string][] = [
      ['no title', owner.token, { title: '', fileId }, 400, 'request.invalid'],
      ['a paid video without a price', owner.token, { fileId, isSale: true }, 400, 'request.invalid'],
      ['a paid video under 1.00', owner.token, { fileId, isSale: true, price: 0.5 }, 400, 'request.invalid'],
      ['three decimals', owner.token, { fileId, isSale: true, price: 1.005 }, 400, 'request.invalid'],
      ['an unknown status', owner.token, { fileId, status: 'published' }, 400, 'request.invalid'],
      ['a bad date', owner.token, { fileId, scheduledAt: 'tomorrow' }, 400, 'request.invalid'],
      ['published without its file', owner.token, {}, 422, 'videos.file_required'],
      ['another creator’s file', owner.token, { fileId: rivalsFile }, 422, 'videos.files_invalid'],
      ['a teaser as the video', owner.token, { fileId: teaserId }, 422, 'videos.files_invalid'],
      ['a video as the teaser', owner.token, { fileId, teaserId: fileId }, 422, 'videos.files_invalid'],
      ['a missing file', owner.token, { fileId: '0123456789abcdef01234567' }, 422, 'videos.files_invalid'],
      ['selling while under review', pending.token, { isSale: true, price: 5, status: 'draft' }, 422, 'performers.pending_approval'],
      ['a fan', viewer.token, { fileId }, 403, 'auth.role_forbidden'],
    ];
    for (const [what, who, body, status, code] of cases) expectError(await call('POST', MINE, who, { title: 'Ok', ...body }), status, code, what);

    const video = await createVideo(owner.token, { fileId });
    // A file is in one video only.
    expectError(await call('POST', MINE, owner.token, { title: 'Outro', fileId }), 422, 'videos.files_invalid');
    expectError(await call('DELETE', `${MINE}/remove-file/${video._id}`, owner.token, { type: 'poster' }), 400, 'request.invalid');
    expectError(await call('DELETE', `${MINE}/remove-file/${video._id}`, owner.token), 400, 'request.invalid');
    expectError(await call('PUT', `${MINE}/update/${video._id}`, owner.token, { price: 'x' }), 400, 'request.invalid');
    expectError(await call('PUT', `${MINE}/edit/${video._id}`, owner.token, { isSale: 'maybe' }), 400, 'request.invalid');
    expectError(await send('PUT', `${MINE}/edit/${video._id}`, owner.token, [videoPart('poster')]), 400, 'request.unexpected_file');
    expectError(await send('PUT', `${MINE}/edit/${video._id}`, owner.token, [videoPart('video', notVideo)]), 415, 'media.unsupported_type');
    expectError(await send('PUT', `${MINE}/edit/${video._id}`, owner.token, [...textParts({ status: 'nope' }), thumbnailPart()]), 400, 'request.invalid');
    expect((await t.ctx.db.select().from(files).where(eq(files.purpose, 'video-thumbnail'))).filter((f) => f.ownerId === owner.user.id)).toEqual([]);
    for (const query of ['sortBy=constructor', 'sortBy=title', 'limit=0', 'isSale=maybe', 'sort=up']) {
      expectError(await call('GET', `${PUBLIC}/search?${query}`, null), 400, 'request.invalid', query);
      expectError(await call('GET', `${MINE}/search?${query}`, owner.token), 400, 'request.invalid', query);
    }
    expectError(await call('GET', `${PUBLIC}/nope`, null), 404, 'videos.not_found');
    expectError(await call('GET', `${PUBLIC}/${video._id}/file/${rivalsFile}/status`, null), 404, 'videos.not_found');
    expectError(await call('POST', `/api/user/performer-assets/videos/${video._id}/${rivalsFile}/url`, null, {}), 404, 'videos.not_found');

    // Buying a free video, or one that does not exist, is a 404 and moves nothing.
    for (const id of [video._id, '0123456789abcdef01234567']) {
      expectError(await call('POST', `/api/wallet/charges/video/${id}`, viewer.token, {}, { 'idempotency-key': `free-${id}` }), 404, 'wallet.item_not_found');
    }
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(viewer.user.id))).toBe(1000);
    await t.ctx.jobs.drain();
    expect(await t.ctx.db.select({ id: files.id }).from(files).where(inArray(files.id, [fileId]))).toHaveLength(1);
  });
});
