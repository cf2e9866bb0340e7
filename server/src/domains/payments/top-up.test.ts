import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { parseBrCode } from '../../gateways/br-code.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { updateSettings } from '../settings/settings.service.js';
import { auth, setGateway, testClock, topUp } from './payments.test-support.js';
import { decodeQrSvg } from './qr-decode.test-support.js';

let t: TestApp;
let fan: { id: string };
let fanToken: string;
let otherToken: string;
const clock = testClock();

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  const fanUser = await createUser(t.ctx);
  fan = fanUser;
  fanToken = await signIn(t.app, fanUser.email);
  const other = await createUser(t.ctx);
  otherToken = await signIn(t.app, other.email);
});
afterAll(async () => {
  expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  await t?.close();
});

describe('POST /api/payment/wallet/top-up', () => {
  it('refuses 2.94 and 300.01, accepts 2.95 and 300.00 (limits from the settings)', async () => {
    for (const amount of [2.94, '300.01', 0, -5]) {
      const res = await topUp(t.app, fanToken, { amount });
      expect(res.statusCode, `amount ${amount}`).toBe(422);
      expect(res.json().message).toBe('The top-up amount must be between 2.95 and 300.00');
    }
    for (const amount of [2.95, '300.00', 300]) {
      const res = await topUp(t.app, fanToken, { amount });
      expect(res.statusCode, `amount ${amount}`).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'pending', type: 'token_package', paymentGateway: 'pix-sandbox' });
    }
  });

  it('follows an admin change of the limits at once', async () => {
    await updateSettings(t.ctx.db, { minTopupWalletAmount: 5, maxTopupWalletAmount: 50 });
    expect((await topUp(t.app, fanToken, { amount: 4.99 })).statusCode).toBe(422);
    expect((await topUp(t.app, fanToken, { amount: 50.01 })).json().message).toBe('The top-up amount must be between 5.00 and 50.00');
    expect((await topUp(t.app, fanToken, { amount: 5 })).statusCode).toBe(200);
    await updateSettings(t.ctx.db, { minTopupWalletAmount: 2.95, maxTopupWalletAmount: 300 });
  });

  it('refuses amounts with more than two decimals, anonymous callers and unknown gateways', async () => {
    expect((await topUp(t.app, fanToken, { amount: 10.001 })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/payment/wallet/top-up', payload: { amount: 10 } })).statusCode).toBe(401);
    expect((await topUp(t.app, fanToken, { amount: 10, paymentGateway: 'paypal' })).statusCode).toBe(400);
  });

  it('answers the pending transaction with a valid BR Code for the amount, its QR and sandbox links', async () => {
    const res = await topUp(t.app, fanToken, { amount: '29.90' });
    const data = res.json().data;
    expect(data).toMatchObject({ amount: 29.9, tokens: 29.9, discount: 0, currency: 'BRL', status: 'pending', userId: fan.id, couponId: null, reviewReason: null });
    expect(data.qrCodeUrl).toBe(`http://fandeck.test/api/payment/transactions/qrcode?transactionId=${data._id}`);
    expect(data.sandboxUrl).toBe(`http://fandeck.test/api/payment/sandbox/${data._id}`);
    const code = parseBrCode(data.brCode);
    expect(code).toMatchObject({ amountCents: 2990, txid: data._id, currency: '986', country: 'BR', pointOfInitiation: '12', merchantName: 'FANDECK' });
    expect(new Date(data.expiresAt).getTime() - clock.now().getTime()).toBe(3600_000);
  });

  it('draws the QR code on the server: an SVG that a decoder reads back as the BR Code, the same on every read', async () => {
    const data = (await topUp(t.app, fanToken, { amount: '47.35' })).json().data;
    const svg: string = data.qrCodeSvg;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (\d+) \1" shape-rendering="crispEdges">.*<\/svg>$/s);
    // The viewBox is the code's modules plus the quiet zone of 4 on each side, at level M.
    const modules = QRCode.create(data.brCode, { errorCorrectionLevel: 'M' }).modules.size;
    expect(svg).toContain(`viewBox="0 0 ${modules + 8} ${modules + 8}"`);
    expect(svg).not.toMatch(/<script|\son\w+=|href=/i);
    expect(await decodeQrSvg(svg)).toBe(data.brCode);
    // The decoder does not see codes that are not there, nor another charge's code in this one.
    const other = (await topUp(t.app, fanToken, { amount: '47.36' })).json().data;
    expect(await decodeQrSvg(other.qrCodeSvg)).toBe(other.brCode);
    expect(other.qrCodeSvg).not.toBe(svg);
    expect(await decodeQrSvg(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${modules + 8} ${modules + 8}"><path fill="#fff" d="M0 0h99v99H0z"/></svg>`)).toBeNull();
    // Polling the charge answers the same drawing.
    const read = await t.app.inject({ method: 'GET', url: `/api/payment/transactions/${data._id}`, headers: auth(fanToken) });
    expect(read.json().data.qrCodeSvg).toBe(svg);
  });

  it('keeps the BR Code valid whatever the site is called', async () => {
    await updateSettings(t.ctx.db, { siteName: '日本のファン' });
    const data = (await topUp(t.app, fanToken, { amount: 3 })).json().data;
    expect(parseBrCode(data.brCode).merchantName).toBe('FANDECK');
    await updateSettings(t.ctx.db, { siteName: 'Criadores & Fãs do Brasil Ltda.' });
    expect(parseBrCode((await topUp(t.app, fanToken, { amount: 3 })).json().data.brCode).merchantName).toBe('CRIADORES & FAS DO BRASIL');
    await updateSettings(t.ctx.db, { siteName: 'Fandeck' });
  });

  it('refuses the sandbox when a real gateway is configured, and gateways that are not set up', async () => {
    expect((await topUp(t.app, fanToken, { amount: 10, paymentGateway: 'stripe' })).json()).toMatchObject({ statusCode: 422, message: 'Card payments are not enabled' });
    expect((await topUp(t.app, fanToken, { amount: 10, paymentGateway: 'pix' })).statusCode).toBe(422);
    await setGateway(t.ctx, 'pix');
    expect((await topUp(t.app, fanToken, { amount: 10 })).statusCode).toBe(422);
    expect((await topUp(t.app, fanToken, { amount: 10, paymentGateway: 'pix-sandbox' })).json().message).toBe('The PIX sandbox is not available on this server');
    await setGateway(t.ctx, 'pix-sandbox');
  });
});

describe('reading transactions', () => {
  it('serves the QR code as a PNG to the owner only', async () => {
    const id = (await topUp(t.app, fanToken, { amount: 12 })).json().data._id;
    const url = `/api/payment/transactions/qrcode?transactionId=${id}`;
    const res = await t.app.inject({ method: 'GET', url, headers: auth(fanToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect((await t.app.inject({ method: 'GET', url, headers: auth(otherToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/payment/transactions/qrcode?transactionId=nope', headers: auth(fanToken) })).statusCode).toBe(400);
  });

  it("lists the caller's own transactions, paged, with the total", async () => {
    const mine = await t.app.inject({ method: 'GET', url: '/api/payment/transactions/user/search?limit=2&sortBy=createdAt&sort=asc', headers: auth(fanToken) });
    const body = mine.json().data;
    expect(body.data).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(6);
    expect(body.data.every((x: { userId: string }) => x.userId === fan.id)).toBe(true);
    const page2 = (await t.app.inject({ method: 'GET', url: '/api/payment/transactions/user/search?current=2&pageSize=2&sortBy=createdAt&sort=asc', headers: auth(fanToken) })).json().data;
    expect(page2.data[0]._id).not.toBe(body.data[0]._id);
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/payment/transactions/user/search', headers: auth(otherToken) })).json().data;
    expect(theirs).toEqual({ data: [], total: 0 });
  });

  it('lets the owner poll one transaction, hides it from others, and cancels it once expired', async () => {
    const id = (await topUp(t.app, fanToken, { amount: 15 })).json().data._id;
    const get = (token: string) => t.app.inject({ method: 'GET', url: `/api/payment/transactions/${id}`, headers: auth(token) });
    expect((await get(fanToken)).json().data.status).toBe('pending');
    expect((await get(otherToken)).statusCode).toBe(404);
    clock.advance(3601);
    expect((await get(fanToken)).json().data.status).toBe('canceled');
    const pending = (await t.app.inject({ method: 'GET', url: '/api/payment/transactions/user/search?status=pending', headers: auth(fanToken) })).json().data;
    expect(pending.total).toBe(0);
  });
});
