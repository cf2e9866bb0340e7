import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { feeds, files, performers, users } from '../../db/schema/index.js';
import { seedDemo } from '../../seed/demo.js';

let t: TestApp;
beforeAll(async () => {
  // A stand-in build of the site, so these tests do not depend on `npm run build`.
  const site = mkdtempSync(path.join(os.tmpdir(), 'fandeck-site-'));
  mkdirSync(path.join(site, 'host'));
  writeFileSync(path.join(site, 'host/index.html'), '<!doctype html><title>Fandeck</title>');
  t = await createTestApp({}, {}, { serveSite: { host: path.join(site, 'host'), loader: path.join(site, 'loader'), widgets: path.join(site, 'widgets') } });
  await seedDemo(t.ctx, { media: false });
});
afterAll(() => t.close());

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

function multipart(fields: Record<string, string>, uploads: { field: string; filename: string; type: string; data: Buffer }[]) {
  const boundary = '----fandeck' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const u of uploads) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${u.field}"; filename="${u.filename}"\r\nContent-Type: ${u.type}\r\n\r\n`));
    chunks.push(u.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const creatorFields = (overrides: Record<string, string> = {}) => ({
  email: 'new.creator@example.test',
  password: 'creator password',
  username: 'newcreator',
  firstName: 'Nova',
  lastName: 'Criadora',
  gender: 'female',
  countryCode: 'br',
  dateOfBirth: '1995-04-03',
  phone: '+55 11 91234-5678',
  ...overrides,
});

describe('creator search and profile', () => {
  it('lists active creators with the list shape, paged', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/performers/search?pageSize=2&current=1&sortBy=username&sort=asc' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(0);
    expect(body.data.total).toBe(6);
    expect(body.data.data.map((p: { username: string }) => p.username)).toEqual(['ana.lima', 'bruno.costa']);
    const page2 = (await t.app.inject({ method: 'GET', url: '/api/performers/search?pageSize=2&current=2&sortBy=username&sort=asc' })).json();
    expect(page2.data.data.map((p: { username: string }) => p.username)).toEqual(['carla.souza', 'dudarocha']);
  });

  it('filters by text, and a LIKE wildcard in the text matches literally', async () => {
    const found = (await t.app.inject({ method: 'GET', url: '/api/performers/search?q=BRUNO' })).json();
    expect(found.data.data).toHaveLength(1);
    const literal = (await t.app.inject({ method: 'GET', url: '/api/performers/search?q=%25' })).json();
    expect(literal.data.total).toBe(0);
  });

  it('finds a creator by username or by id, with no private fields', async () => {
    const byName = await t.app.inject({ method: 'GET', url: '/api/performers/Ana.Lima' });
    expect(byName.statusCode).toBe(200);
    const profile = byName.json().data;
    expect(profile).toMatchObject({ username: 'ana.lima', name: 'Ana Lima', isPerformer: true, monthlyPrice: 9.9 });
    expect(profile).not.toHaveProperty('email');
    expect(profile).not.toHaveProperty('balance');
    const byId = await t.app.inject({ method: 'GET', url: `/api/performers/${profile._id}` });
    expect(byId.json().data.username).toBe('ana.lima');
    // The fields existing clients read, flat and in stats (api-contract.md section 7).
    expect(profile).toMatchObject({ verifiedAccount: true, isSubscribed: false, usedFreeSubscription: false, isBookMarked: false, live: false, city: 'São Paulo' });
    for (const field of ['height', 'weight', 'bodyType', 'hair', 'eyes', 'ethnicity', 'country', 'dateOfBirth']) expect(profile).toHaveProperty(field);
    expect(profile.height).toBe(profile.bodyInfo.height);
    expect(Object.keys(profile.stats).sort()).toEqual(['followers', 'likes', 'subscribers', 'totalFeeds', 'totalPhotos', 'totalProducts', 'totalVideos']);
    expect(Object.values(profile.stats).every((n) => typeof n === 'number' && n >= 0)).toBe(true);
  });

  it('counts the posts fans may see: a draft or a post scheduled for later is not one', async () => {
    const totalFeeds = async () => (await t.app.inject({ method: 'GET', url: '/api/performers/carla.souza' })).json().data.stats.totalFeeds as number;
    const before = await totalFeeds();
    const [carla] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'carla.souza'));
    await t.ctx.db.insert(feeds).values([
      { performerId: carla!.id, text: 'Rascunho', status: 'draft' },
      { performerId: carla!.id, text: 'Amanhã', scheduledAt: new Date(Date.now() + 86_400_000) },
    ]);
    expect(await totalFeeds()).toBe(before);
    await t.ctx.db.insert(feeds).values({ performerId: carla!.id, text: 'Publicada agora' });
    expect(await totalFeeds()).toBe(before + 1);
    // The list counts the same way.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/performers/search?q=carla' })).json().data.data[0];
    expect(listed.stats.totalFeeds).toBe(before + 1);
  });

  it('answers 404 for a fan, an unknown name and an unknown id', async () => {
    await createUser(t.ctx, { username: 'just.a.fan' });
    for (const id of ['just.a.fan', 'nobody-here', 'aaaaaaaaaaaaaaaaaaaaaaaa']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/performers/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, message: 'Creator not found', error: 'Not Found', code: 'performers.not_found' });
    }
  });
});

describe('creator registration', () => {
  it('stores both documents under generated names and keeps the cleaned original name for display', async () => {
    const form = multipart(creatorFields(), [
      { field: 'idVerification', filename: '../../etc/mý id (1).png', type: 'image/png', data: PNG },
      { field: 'documentVerification', filename: 'selfie<script>.png', type: 'image/png', data: PNG },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/performers/register', ...form });
    expect(res.statusCode).toBe(200);
    const id = res.json().data._id;
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({ role: 'performer', countryCode: 'BR', phone: '+5511912345678' });
    const [profile] = await t.ctx.db.select().from(performers).where(eq(performers.userId, id));
    expect(profile!.idFrontFileId).toBeTruthy();
    // A new creator waits for staff to approve these documents.
    expect(profile!.verifiedDocument).toBe(false);
    const stored = await t.ctx.db.select().from(files).where(eq(files.ownerId, id));
    expect(stored.map((f) => f.originalName).sort()).toEqual(['m__id__1_.png', 'selfie_script_.png']);
    for (const f of stored) expect(f.storagePath).toMatch(/^documents\/[0-9a-f]{24}\.png$/);
    const onDisk = await readdir(path.join(t.ctx.config.uploadsDir, 'documents'));
    expect(onDisk).toHaveLength(2);
    const served = await t.app.inject({ method: 'GET', url: `/files/${stored[0]!.storagePath}` });
    expect(served.statusCode).toBe(404);
    // Staff read them through the review route only.
    const admin = await createUser(t.ctx, { role: 'admin' });
    const adminToken = await signIn(t.app, admin.email);
    const front = await t.app.inject({ method: 'GET', url: `/api/admin/performers/${id}/documents/front`, headers: { authorization: adminToken } });
    expect(front.statusCode).toBe(200);
    expect(front.headers['content-type']).toBe('image/png');
    expect(front.rawPayload.equals(PNG)).toBe(true);
    const fan = await createUser(t.ctx);
    const asFan = await t.app.inject({ method: 'GET', url: `/api/admin/performers/${id}/documents/front`, headers: { authorization: await signIn(t.app, fan.email) } });
    expect(asFan.statusCode).toBe(403);
    const avatar = await t.app.inject({ method: 'GET', url: '/files/defaults/avatar.svg' });
    expect(avatar.statusCode).toBe(200);
  });

  it('refuses a missing document, a non-image document, an under-age creator and a bad phone, storing nothing', async () => {
    const before = (await readdir(path.join(t.ctx.config.uploadsDir, 'documents')).catch(() => [])).length;
    const onlyOne = multipart(creatorFields({ email: 'a1@example.test', username: 'a1creator' }), [
      { field: 'idVerification', filename: 'id.png', type: 'image/png', data: PNG },
    ]);
    const r1 = await t.app.inject({ method: 'POST', url: '/api/auth/performers/register', ...onlyOne });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().message).toMatch(/documentVerification/);

    const fake = multipart(creatorFields({ email: 'a2@example.test', username: 'a2creator' }), [
      { field: 'idVerification', filename: 'id.png', type: 'image/png', data: Buffer.from('<?php echo 1; ?>') },
      { field: 'documentVerification', filename: 'd.png', type: 'image/png', data: PNG },
    ]);
    const r2 = await t.app.inject({ method: 'POST', url: '/api/auth/performers/register', ...fake });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().message).toMatch(/idVerification/);

    const docs = [
      { field: 'idVerification', filename: 'id.png', type: 'image/png', data: PNG },
      { field: 'documentVerification', filename: 'd.png', type: 'image/png', data: PNG },
    ];
    const young = multipart(creatorFields({ email: 'a3@example.test', username: 'a3creator', dateOfBirth: '2015-01-01' }), docs);
    const r3 = await t.app.inject({ method: 'POST', url: '/api/auth/performers/register', ...young });
    expect(r3.statusCode).toBe(400);
    expect(r3.json().message).toMatch(/18/);

    const badPhone = multipart(creatorFields({ email: 'a4@example.test', username: 'a4creator', phone: '+55 11 123' }), docs);
    const r4 = await t.app.inject({ method: 'POST', url: '/api/auth/performers/register', ...badPhone });
    expect(r4.statusCode).toBe(400);
    expect(r4.json().message).toMatch(/phone/);

    const after = (await readdir(path.join(t.ctx.config.uploadsDir, 'documents')).catch(() => [])).length;
    expect(after).toBe(before);
  });
});

describe('the site shell', () => {
  it('serves the host shell at a username with a dot, and 404s for missing assets', async () => {
    const profile = await t.app.inject({ method: 'GET', url: '/ana.lima' });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['content-type']).toMatch(/text\/html/);
    const missing = await t.app.inject({ method: 'GET', url: '/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().statusCode).toBe(404);
  });

  it('refuses usernames that would shadow site paths or look like files', async () => {
    for (const username of ['creators', 'photo.png']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/users/register', payload: { email: `${username}@example.test`, password: 'long enough pw', username } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/body\.username/);
    }
  });
});
