import { mkdtempSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, multipartForm, signIn, type TestApp } from '../../../test/helpers.js';
import { makeVideo } from '../../../test/media-fixtures.js';
import { files, performerBanking, performers } from '../../db/schema/index.js';
import { isValidCnpj, isValidCpf, maskNumber } from './payout-settings.js';

let t: TestApp;
let clip: Buffer;
beforeAll(async () => {
  t = await createTestApp({}, { UPLOAD_VIDEO_MAX_BYTES: String(2 * 1024 * 1024) });
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fandeck-welcome-')), 'hello.mp4');
  makeVideo(file, { width: 320, height: 240, seconds: 1 });
  clip = readFileSync(file);
});
afterAll(() => t.close());

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const headers = (token: string | null) => (token ? { authorization: token } : {});
const get = (url: string, token: string | null = null) => t.app.inject({ method: 'GET', url, headers: headers(token) });
const put = (url: string, token: string | null, payload: object) => t.app.inject({ method: 'PUT', url, payload, headers: headers(token) });
const upload = (url: string, token: string | null, parts: Parameters<typeof multipartForm>[0]) => {
  const form = multipartForm(parts);
  return t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, ...headers(token) } });
};
const fetchLink = (url: string, token: string | null) => {
  const link = new URL(url);
  return t.app.inject({ method: 'GET', url: link.pathname + link.search, headers: headers(token) });
};

async function signedIn(role: 'performer' | 'user' = 'performer') {
  const user = await createUser(t.ctx, { role });
  return { user, token: await signIn(t.app, user.email) };
}

describe('welcome video', () => {
  it('transcodes in the background; the public profile then carries links signed for each viewer; a new one replaces it', async () => {
    const { user, token } = await signedIn();
    const fan = await signedIn('user');
    const other = await signedIn('user');

    const sent = await upload('/api/performers/welcome-video/upload', token, [{ name: 'file', filename: 'hello.mp4', contentType: 'video/mp4', data: clip }]);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ success: true, status: 'processing' });
    const firstId = sent.json().data._id as string;
    const processing = (await get(`/api/performers/${user.id}`, fan.token)).json().data.welcomeVideo;
    expect(processing).toMatchObject({ _id: firstId, status: 'processing', url: null, poster: null });

    expect(await t.ctx.jobs.drain()).toBe(1);
    const video = (await get(`/api/performers/${user.id}`, fan.token)).json().data.welcomeVideo;
    expect(video).toMatchObject({ _id: firstId, status: 'finished', progress: 100 });
    expect(video.url).toMatch(new RegExp(`^http://fandeck\\.test/api/media/files/${firstId}/master\\.m3u8\\?v=${fan.user.id}&`));
    expect(video.placeholder).toMatch(/^data:image\/webp;base64,/);
    const playlist = await fetchLink(video.url, fan.token);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.body).toMatch(/\/api\/media\/files\/.+\.m3u8\?/);
    expect((await fetchLink(video.poster, fan.token)).statusCode).toBe(200);
    // A link made for one fan does not open for another; a visitor signed out gets a public link.
    expect((await fetchLink(video.url, other.token)).statusCode).toBe(403);
    const visitor = (await get(`/api/performers/${user.id}`)).json().data.welcomeVideo;
    expect((await fetchLink(visitor.url, null)).statusCode).toBe(200);

    const [first] = await t.ctx.db.select().from(files).where(eq(files.id, firstId));
    const again = await upload('/api/performers/welcome-video/upload', token, [{ name: 'file', filename: 'again.mp4', contentType: 'video/mp4', data: clip }]);
    expect(again.statusCode).toBe(200);
    const secondId = again.json().data._id as string;
    expect((await t.ctx.db.select().from(files).where(eq(files.id, firstId))).length).toBe(0);
    await expect(stat(path.join(t.ctx.config.uploadsDir, path.dirname(first!.storagePath)))).rejects.toThrow();
    expect((await get('/api/performers/me', token)).json().data.welcomeVideo).toMatchObject({ _id: secondId, status: 'processing' });
    expect(await t.ctx.jobs.drain()).toBe(1);
  });

  it('refuses a file that is not a video, a missing file, an unexpected field, fans and visitors', async () => {
    const { user, token } = await signedIn();
    const fan = await signedIn('user');
    const notVideo = await upload('/api/performers/welcome-video/upload', token, [{ name: 'file', filename: 'x.mp4', contentType: 'video/mp4', data: PNG }]);
    expect(notVideo.statusCode).toBe(415);
    expect(notVideo.json().code).toBe('media.unsupported_type');
    const none = await upload('/api/performers/welcome-video/upload', token, [{ name: 'title', data: 'hi' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('media.file_required');
    const wrongField = await upload('/api/performers/welcome-video/upload', token, [{ name: 'video', filename: 'x.mp4', contentType: 'video/mp4', data: clip }]);
    expect(wrongField.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/performers/welcome-video/upload', headers: headers(token), payload: {} })).statusCode).toBe(415);
    expect((await upload('/api/performers/welcome-video/upload', fan.token, [{ name: 'file', filename: 'x.mp4', data: clip }])).statusCode).toBe(403);
    expect((await upload('/api/performers/welcome-video/upload', null, [{ name: 'file', filename: 'x.mp4', data: clip }])).statusCode).toBe(401);
    const [row] = await t.ctx.db.select().from(performers).where(eq(performers.userId, user.id));
    expect(row!.welcomeVideoFileId).toBeNull();
  });
});

describe('ID documents after registration', () => {
  it('a new document replaces that side and sends the creator back to review', async () => {
    const { user, token } = await signedIn();
    const admin = await createUser(t.ctx, { role: 'admin' });
    const adminToken = await signIn(t.app, admin.email);

    const front = await upload('/api/performers/documents/upload', token, [
      { name: 'side', data: 'front' },
      { name: 'file', filename: 'my id.png', contentType: 'image/png', data: PNG },
    ]);
    expect(front.statusCode, front.body).toBe(200);
    expect(front.json().data).toMatchObject({ side: 'front', name: 'my_id.png', mimeType: 'image/png', verifiedDocument: false, status: 'pending' });
    expect((await get('/api/performers/me', token)).json().data.verifiedDocument).toBe(false);
    const pending = (await get('/api/admin/performers/pending-review', adminToken)).json().data.data.find((p: { _id: string }) => p._id === user.id);
    expect(pending.documents).toEqual([expect.objectContaining({ side: 'front', name: 'my_id.png' })]);

    const firstId = front.json().data._id as string;
    const [first] = await t.ctx.db.select().from(files).where(eq(files.id, firstId));
    const replaced = await upload('/api/performers/documents/upload', token, [{ name: 'idVerification', filename: 'new.png', contentType: 'image/png', data: PNG }]);
    expect(replaced.json().data).toMatchObject({ side: 'front', name: 'new.png' });
    expect((await t.ctx.db.select().from(files).where(eq(files.id, firstId))).length).toBe(0);
    await expect(stat(path.join(t.ctx.config.uploadsDir, first!.storagePath))).rejects.toThrow();
    const back = await upload('/api/performers/documents/upload', token, [{ name: 'documentVerification', filename: 'selfie.png', contentType: 'image/png', data: PNG }]);
    expect(back.json().data.side).toBe('back');
    const served = await get(`/api/admin/performers/${user.id}/documents/back`, adminToken);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a document of another type, no document, no side, two documents at once, fans and visitors', async () => {
    const { user, token } = await signedIn();
    const fan = await signedIn('user');
    const script = await upload('/api/performers/documents/upload', token, [{ name: 'side', data: 'back' }, { name: 'file', filename: 'id.png', data: Buffer.from('<?php echo 1; ?>') }]);
    expect(script.statusCode).toBe(400);
    expect(script.json().code).toBe('performers.document_type');
    const none = await upload('/api/performers/documents/upload', token, [{ name: 'side', data: 'front' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'performers.document_required', fields: ['body.file'] });
    const noSide = await upload('/api/performers/documents/upload', token, [{ name: 'file', filename: 'id.png', data: PNG }]);
    expect(noSide.statusCode).toBe(400);
    expect(noSide.json().fields).toEqual(['body.side']);
    const badSide = await upload('/api/performers/documents/upload', token, [{ name: 'side', data: 'left' }, { name: 'file', filename: 'id.png', data: PNG }]);
    expect(badSide.statusCode).toBe(400);
    expect(badSide.json().fields).toEqual(['body.side']);
    const two = await upload('/api/performers/documents/upload', token, [
      { name: 'idVerification', filename: 'a.png', data: PNG },
      { name: 'documentVerification', filename: 'b.png', data: PNG },
    ]);
    expect(two.statusCode).toBe(400);
    expect((await upload('/api/performers/documents/upload', token, [{ name: 'avatar', filename: 'a.png', data: PNG }])).statusCode).toBe(400);
    expect((await upload('/api/performers/documents/upload', fan.token, [{ name: 'side', data: 'front' }, { name: 'file', filename: 'a.png', data: PNG }])).statusCode).toBe(403);
    expect((await upload('/api/performers/documents/upload', null, [{ name: 'side', data: 'front' }, { name: 'file', filename: 'a.png', data: PNG }])).statusCode).toBe(401);
    // Nothing refused took the creator out of the approved state.
    expect((await get('/api/performers/me', token)).json().data.verifiedDocument).toBe(true);
    expect((await t.ctx.db.select().from(files).where(eq(files.ownerId, user.id))).length).toBe(0);
  });
});

describe('banking settings', () => {
  it('checks CPF and CNPJ check digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-80')).toBe(false);
    expect(maskNumber('52998224725')).toBe('*******4725');
    expect(maskNumber('123')).toBe('**3');
  });

  it('refuses keys that do not fit their type and incomplete bank data, naming the field', async () => {
    const { token } = await signedIn();
    const cases: [object, string][] = [
      [{ pixKeyType: 'cpf', pixKey: '529.982.247-24' }, 'body.pixKey'],
      [{ pixKeyType: 'cnpj', pixKey: '11.222.333/0001-80' }, 'body.pixKey'],
      [{ pixKeyType: 'email', pixKey: 'not-an-email' }, 'body.pixKey'],
      [{ pixKeyType: 'phone', pixKey: '+1 212 555 0100' }, 'body.pixKey'],
      [{ pixKeyType: 'random', pixKey: 'abc' }, 'body.pixKey'],
      [{ pixKeyType: 'iban', pixKey: 'abc' }, 'body.pixKeyType'],
      [{ pixKey: '52998224725' }, 'body.pixKeyType'],
      [{}, 'body.pixKey'],
      [{ bankCode: '341', agency: '0001', account: '12345-6', accountType: 'checking', holderName: 'Ana' }, 'body.holderDocument'],
      [{ bankCode: '341', agency: '0001', account: '12345-6', accountType: 'checking', holderName: 'Ana', holderDocument: '529.982.247-24' }, 'body.holderDocument'],
      [{ bankCode: '34', agency: '0001', account: '12345-6', accountType: 'checking', holderName: 'Ana', holderDocument: '52998224725' }, 'body.bankCode'],
      [{ bankCode: '341', agency: '0001', account: '12345-6', accountType: 'business', holderName: 'Ana', holderDocument: '52998224725' }, 'body.accountType'],
    ];
    for (const [payload, field] of cases) {
      const res = await put('/api/performers/banking-settings', token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields, JSON.stringify(payload)).toContain(field);
    }
  });

  it('stores a valid key and bank account, answers them masked, shows them to the creator only', async () => {
    const { user, token } = await signedIn();
    const fan = await signedIn('user');
    const res = await put('/api/performers/banking-settings', token, {
      pixKeyType: 'cpf',
      pixKey: '529.982.247-25',
      bankName: 'Banco Itaú',
      bankCode: '341',
      agency: '0001',
      account: '1234567-8',
      accountType: 'savings',
      holderName: 'Ana Lima',
      holderDocument: '11.222.333/0001-81',
      bankBranchAddress: 'ignored',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      pixKeyType: 'cpf',
      pixKey: '*******4725',
      bankCode: '341',
      agency: '0001',
      account: '*****67-8',
      accountType: 'savings',
      holderDocument: '**********0181',
    });
    const [row] = await t.ctx.db.select().from(performerBanking).where(eq(performerBanking.performerId, user.id));
    expect(row).toMatchObject({ pixKey: '52998224725', account: '1234567-8', holderDocument: '11222333000181' });
    expect((await get('/api/performers/me', token)).json().data.bankingSettings).toEqual(res.json().data);
    for (const viewer of [fan.token, null, token]) {
      const profile = (await get(`/api/performers/${user.id}`, viewer)).json().data;
      expect(profile).not.toHaveProperty('bankingSettings');
      expect(JSON.stringify(profile)).not.toContain('4725');
    }
    // Other key types, each in PIX's own form; a new key keeps the bank account.
    for (const [pixKeyType, pixKey, stored] of [
      ['email', 'Ana@Example.COM', 'ana@example.com'],
      ['phone', '+55 (11) 91234-5678', '+5511912345678'],
      ['random', '123E4567-E89B-42D3-A456-426614174000', '123e4567-e89b-42d3-a456-426614174000'],
      ['cnpj', '11222333000181', '11222333000181'],
    ] as const) {
      expect((await put('/api/performers/banking-settings', token, { pixKeyType, pixKey })).statusCode, pixKeyType).toBe(200);
      const [saved] = await t.ctx.db.select().from(performerBanking).where(eq(performerBanking.performerId, user.id));
      expect(saved, pixKeyType).toMatchObject({ pixKey: stored, account: '1234567-8' });
    }
    expect((await put('/api/performers/banking-settings', fan.token, { pixKeyType: 'cpf', pixKey: '52998224725' })).statusCode).toBe(403);
    expect((await put('/api/performers/banking-settings', null, { pixKeyType: 'cpf', pixKey: '52998224725' })).statusCode).toBe(401);
  });
});

describe('payment gateway settings', () => {
  it('stores the creator’s payout gateway and answers it; refuses unknown gateways and other callers', async () => {
    const { user, token } = await signedIn();
    const fan = await signedIn('user');
    const pix = await put('/api/performers/payment-gateway-settings', token, { gateway: 'pix', stripeAccountId: '' });
    expect(pix.statusCode, pix.body).toBe(200);
    expect(pix.json().data).toMatchObject({ gateway: 'pix', stripeAccountId: null, hasPixKey: false });
    await put('/api/performers/banking-settings', token, { pixKeyType: 'cpf', pixKey: '52998224725' });
    const stripe = await put('/api/performers/payment-gateway-settings', token, { gateway: 'stripe', stripeAccountId: 'acct_1AbCdEf' });
    expect(stripe.json().data).toMatchObject({ gateway: 'stripe', stripeAccountId: 'acct_1AbCdEf', hasPixKey: true });
    expect((await get('/api/performers/me', token)).json().data.paymentGatewaySettings).toEqual(stripe.json().data);
    expect((await get(`/api/performers/${user.id}`, fan.token)).json().data).not.toHaveProperty('paymentGatewaySettings');

    for (const payload of [{ gateway: 'paypal' }, {}, { gateway: 'stripe', stripeAccountId: 'not an account' }]) {
      const res = await put('/api/performers/payment-gateway-settings', token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('request.invalid');
    }
    expect((await put('/api/performers/payment-gateway-settings', fan.token, { gateway: 'pix' })).statusCode).toBe(403);
    expect((await put('/api/performers/payment-gateway-settings', null, { gateway: 'pix' })).statusCode).toBe(401);
  });
});
