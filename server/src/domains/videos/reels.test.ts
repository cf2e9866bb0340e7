import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, multipartForm, signIn, type TestApp } from '../../../test/helpers.js';
import { makeVideo } from '../../../test/media-fixtures.js';
import { files, reels } from '../../db/schema/index.js';
import type { Part } from '../../http/bad-input.wire.js';

let t: TestApp;
let clip: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fandeck-reels-')), 'clip.mp4');
  makeVideo(file, { width: 240, height: 320, seconds: 2 });
  clip = readFileSync(file);
});
afterAll(() => t.close());

type Reel = {
  _id: string;
  title: string;
  description: string;
  status: string;
  performer: { _id: string };
  video: { _id: string; status: string; url: string | null; placeholder: string | null; sizes: Record<string, { url: string }> | null } | null;
};

const MINE = '/api/performer-assets/performer/reels';
const SEARCH = '/api/performer-assets/user/reels/search';

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, ...(payload !== undefined ? { payload: payload as object } : {}), headers: token ? { authorization: token } : {} });
const send = (method: 'POST' | 'PUT', url: string, token: string, parts: Part[]) => {
  const form = multipartForm(parts);
  return t.app.inject({ method, url, payload: form.payload, headers: { ...form.headers, authorization: token } });
};
const videoPart = (data = clip, name = 'video'): Part => ({ name, filename: 'reel.mp4', contentType: 'video/mp4', data });
const textParts = (fields: Record<string, string>): Part[] => Object.entries(fields).map(([name, data]) => ({ name, data }));
const fetchLink = (url: string, token: string | null) => {
  const link = new URL(url, 'http://fandeck.test');
  return t.app.inject({ method: 'GET', url: link.pathname + link.search, headers: token ? { authorization: token } : {} });
};
const expectError = (res: { statusCode: number; json(): { code?: string } }, status: number, code: string, what = '') =>
  expect({ what, status: res.statusCode, code: res.json().code }).toEqual({ what, status, code });

async function creator() {
  const user = await createUser(t.ctx, { role: 'performer' });
  return { user, token: await signIn(t.app, user.email) };
}
async function uploadReel(token: string, fields: Record<string, string> = {}): Promise<Reel> {
  const res = await send('POST', `${MINE}/upload`, token, [...textParts({ title: 'Bastidor', ...fields }), videoPart()]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Reel;
}
const search = async (query: string, token: string | null = null) => {
  const res = await call('GET', `${SEARCH}?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { data: Reel[]; total: number };
};

describe('reels', () => {
  it('uploads a reel that everyone can watch once transcoded; drafts stay with their creator', async () => {
    const owner = await creator();
    const fan = await createUser(t.ctx);
    const fanToken = await signIn(t.app, fan.email);
    const reel = await uploadReel(owner.token, { description: 'Vertical' });
    expect(reel).toMatchObject({ title: 'Bastidor', description: 'Vertical', status: 'active', performer: { _id: owner.user.id } });
    expect(reel.video).toMatchObject({ status: 'processing', url: null });
    const draft = await uploadReel(owner.token, { title: 'Rascunho', status: 'draft' });

    // Listed while processing, without a link yet.
    const early = await search(`performerId=${owner.user.id}`);
    expect(early.data.map((r) => r._id)).toEqual([reel._id]);
    expect(early.data[0]!.video).toMatchObject({ status: 'processing', url: null });

    expect(await t.ctx.jobs.drain()).toBe(2);
    const listed = await search(`performerId=${owner.user.id}`);
    expect(listed.total).toBe(1);
    const seen = listed.data[0]!;
    expect(seen.video).toMatchObject({ status: 'finished' });
    expect(seen.video!.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(seen.video!.sizes).toHaveProperty('medium');
    // Signed out, the link is made for any visitor; signed in, for that fan alone.
    const master = await fetchLink(seen.video!.url!, null);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.body).toContain('RESOLUTION=240x320');
    const fansLink = (await search(`performerId=${owner.user.id}`, fanToken)).data[0]!.video!.url!;
    expect((await fetchLink(fansLink, fanToken)).statusCode).toBe(200);
    expect((await fetchLink(fansLink, owner.token)).statusCode).toBe(403);

    const mine = (await call('GET', `${MINE}/search`, owner.token)).json().data as { data: Reel[]; total: number };
    expect(mine.data.map((r) => r._id).sort()).toEqual([reel._id, draft._id].sort());
    expect((await call('GET', `${MINE}/search?status=draft`, owner.token)).json().data.total).toBe(1);
    expect((await call('GET', `${MINE}/${draft._id}/view`, owner.token)).json().data).toMatchObject({ _id: draft._id, status: 'draft' });
  });

  it('only the owner edits, removes the video of and deletes a reel', async () => {
    const owner = await creator();
    const rival = await creator();
    const fan = await createUser(t.ctx);
    const fanToken = await signIn(t.app, fan.email);
    const reel = await uploadReel(owner.token);

    const json = await call('PUT', `${MINE}/edit/${reel._id}`, owner.token, { title: 'Novo', description: '' });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().data).toMatchObject({ title: 'Novo', description: '' });
    const form = await send('PUT', `${MINE}/edit/${reel._id}`, owner.token, textParts({ description: 'Por multipart', status: 'inactive' }));
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().data).toMatchObject({ title: 'Novo', description: 'Por multipart', status: 'inactive' });
    // A new video replaces the old one, whose file is deleted.
    const replaced = await send('PUT', `${MINE}/edit/${reel._id}`, owner.token, [...textParts({ status: 'active' }), videoPart()]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const newFile = (replaced.json().data as Reel).video!._id;
    expect(newFile).not.toBe(reel.video!._id);
    expect(await t.ctx.db.select().from(files).where(eq(files.id, reel.video!._id))).toEqual([]);

    for (const [method, url, body] of [
      ['PUT', `${MINE}/edit/${reel._id}`, { title: 'x' }],
      ['DELETE', `${MINE}/remove-file/${reel._id}`, undefined],
      ['DELETE', `${MINE}/${reel._id}`, undefined],
      ['GET', `${MINE}/${reel._id}/view`, undefined],
    ] as const) {
      expectError(await call(method, url, rival.token, body), 404, 'reels.not_found', `rival ${method} ${url}`);
      expectError(await call(method, url, fanToken, body), 403, 'auth.role_forbidden', `fan ${method} ${url}`);
    }

    const removed = await call('DELETE', `${MINE}/remove-file/${reel._id}`, owner.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({ video: null, status: 'draft' });
    expect(await t.ctx.db.select().from(files).where(eq(files.id, newFile))).toEqual([]);
    expect((await search(`performerId=${owner.user.id}`)).total).toBe(0);
    expectError(await call('PUT', `${MINE}/edit/${reel._id}`, owner.token, { status: 'active' }), 422, 'videos.file_required');

    expect((await call('DELETE', `${MINE}/${reel._id}`, owner.token)).statusCode).toBe(200);
    expectError(await call('DELETE', `${MINE}/${reel._id}`, owner.token), 404, 'reels.not_found');
    expect(await t.ctx.db.select().from(reels).where(eq(reels.id, reel._id))).toEqual([]);
    await t.ctx.jobs.drain();
  });

  it('refuses bad input with a code naming the problem', async () => {
    const owner = await creator();
    const fan = await createUser(t.ctx);
    expectError(await send('POST', `${MINE}/upload`, owner.token, [videoPart(Buffer.from('GIF89a not a video'))]), 415, 'media.unsupported_type');
    expectError(await send('POST', `${MINE}/upload`, owner.token, textParts({ title: 'sem vídeo' })), 400, 'media.file_required');
    expectError(await send('POST', `${MINE}/upload`, owner.token, [videoPart(clip, 'file')]), 400, 'request.unexpected_file');
    expectError(await send('POST', `${MINE}/upload`, await signIn(t.app, fan.email), [videoPart()]), 403, 'auth.role_forbidden');
    const bad = await send('POST', `${MINE}/upload`, owner.token, [...textParts({ status: 'live', title: 'x'.repeat(300) }), videoPart()]);
    expectError(bad, 400, 'request.invalid');
    expect(bad.json().fields).toEqual(expect.arrayContaining(['body.status', 'body.title']));
    // Nothing kept from refused uploads.
    expect(await t.ctx.db.select().from(files).where(eq(files.ownerId, owner.user.id))).toEqual([]);

    const reel = await uploadReel(owner.token);
    expectError(await call('PUT', `${MINE}/edit/${reel._id}`, owner.token, { status: 'live' }), 400, 'request.invalid');
    expectError(await send('PUT', `${MINE}/edit/${reel._id}`, owner.token, [videoPart(clip, 'thumbnail')]), 400, 'request.unexpected_file');
    for (const query of ['sortBy=price', 'sortBy=__proto__', 'limit=0', 'sort=sideways']) {
      expectError(await call('GET', `${SEARCH}?${query}`, null), 400, 'request.invalid', query);
      expectError(await call('GET', `${MINE}/search?${query}`, owner.token), 400, 'request.invalid', query);
    }
    await t.ctx.jobs.drain();
  });
});
