import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { gatewaysOf } from '../../gateways/registry.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { balanceOf } from '../../money/ledger/ledger.js';
import { deliverPix, endToEndId, pixWebhook, recordingRealtime, setGateway, testClock, topUp } from './payments.test-support.js';
import { pickSandboxLocale } from './sandbox-page.i18n.js';

let t: TestApp;
let token: string;
let fanId: string;
const realtime = recordingRealtime();
const clock = testClock();

beforeAll(async () => {
  t = await createTestApp({ realtime, now: clock.now });
  const fan = await createUser(t.ctx);
  fanId = fan.id;
  token = await signIn(t.app, fan.email);
});
afterAll(async () => {
  expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  await t?.close();
});

const charge = async (amount: string) => (await topUp(t.app, token, { amount })).json().data as { _id: string; brCode: string; qrCodeSvg: string };
const pay = (id: string) => t.app.inject({ method: 'POST', url: `/api/payment/sandbox/${id}/pay` });
const page = (id: string, headers: Record<string, string> = {}, query = '') => t.app.inject({ method: 'GET', url: `/api/payment/sandbox/${id}${query}`, headers });

describe('sandbox pay endpoint', () => {
  it('pays a pending charge through the signed webhook: credited, success, live events', async () => {
    const { _id } = await charge('42.00');
    const res = await pay(_id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ _id, status: 'success', amount: 42, outcome: 'credited' });
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(fanId))).toBe(4200);
    expect(await balanceOf(t.ctx.db, accountKeys.gateway('pix-sandbox'))).toBe(-4200);
    expect(realtime.sent.filter((e) => e.userId === fanId).map((e) => e.event)).toEqual(['update_balance', 'payment_status_callback']);
    // Paying again is refused; the wallet is untouched.
    expect((await pay(_id)).json()).toMatchObject({ statusCode: 422, message: 'This charge is already paid' });
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(fanId))).toBe(4200);
  });

  it('goes through the webhook signature check: a badly signed sandbox delivery credits nothing', async () => {
    const { _id } = await charge('5.00');
    const sandbox = gatewaysOf(t.ctx).pixSandbox;
    const original = sandbox.paymentWebhook;
    sandbox.paymentWebhook = (input) => {
      const hook = original(input);
      return { ...hook, headers: { ...hook.headers, 'x-pix-signature': hook.headers['x-pix-signature']!.replace(/v1=.*/, `v1=${'0'.repeat(64)}`) } };
    };
    try {
      expect((await pay(_id)).statusCode).toBe(422);
    } finally {
      sandbox.paymentWebhook = original;
    }
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(fanId))).toBe(4200);
    expect((await pay(_id)).json().data.status).toBe('success');
  });

  it('refuses an expired charge', async () => {
    const { _id } = await charge('6.00');
    clock.advance(3601);
    expect((await pay(_id)).json()).toMatchObject({ statusCode: 422, message: 'This PIX charge has expired' });
  });

  it('is 404 when another gateway is active, and for unknown or malformed ids', async () => {
    const { _id } = await charge('7.00');
    for (const gateway of ['stripe', 'pix'] as const) {
      await setGateway(t.ctx, gateway);
      expect((await pay(_id)).statusCode).toBe(404);
      expect((await page(_id)).statusCode).toBe(404);
      // Nor does the sandbox's webhook settle anything then, even correctly signed.
      const hook = pixWebhook(t.ctx, [{ endToEndId: endToEndId(), txid: _id, valor: '7.00' }]);
      expect((await deliverPix(t.app, hook)).statusCode).toBe(404);
    }
    await setGateway(t.ctx, 'pix-sandbox');
    expect((await pay('ffffffffffffffffffffffff')).statusCode).toBe(404);
    expect((await pay('nope')).statusCode).toBe(400);
    expect((await pay(_id)).json().data.outcome).toBe('credited');
  });
});

describe('sandbox page', () => {
  it('shows the amount, the BR Code, the QR and a Pay button, in pt-BR by default', async () => {
    const { _id, brCode, qrCodeSvg } = await charge('19.90');
    const res = await page(_id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-language']).toBe('pt-BR');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'; script-src 'nonce-[A-Za-z0-9+/=]+'/);
    expect(res.body).toContain('<html lang="pt-BR">');
    expect(res.body).toContain('Pagamento PIX de teste');
    expect(res.body).toContain('R$\u00a019,90');
    expect(res.body).toContain(brCode);
    // The QR is the top-up answer's own SVG, as an image.
    expect(res.body).toContain(`<img class="qr" src="data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrCodeSvg)}"`);
    expect(res.body).toContain('id="pay"');
    expect(res.body).toContain('Pagar agora (simulação)');
  });

  it('speaks English or Spanish from Accept-Language or ?locale=', async () => {
    const { _id } = await charge('8.00');
    const en = await page(_id, { 'accept-language': 'fr-FR;q=1, en-US;q=0.8, pt;q=0.5' });
    expect(en.headers['content-language']).toBe('en');
    expect(en.body).toContain('Test PIX payment');
    expect(en.body).toContain('Pay now (simulated)');
    const es = await page(_id, { 'accept-language': 'en' }, '?locale=es');
    expect(es.body).toContain('Pago PIX de prueba');
    expect(es.body).toContain('<html lang="es">');
  });

  it('says when a charge is paid, and shows no Pay button then', async () => {
    const { _id } = await charge('8.50');
    await pay(_id);
    const res = await page(_id, {}, '?locale=en');
    expect(res.body).toContain('Payment confirmed');
    expect(res.body).not.toContain('id="pay"');
    expect(res.body).not.toContain('data:image/svg+xml');
    // A paid charge has nothing left to scan: its answer carries the code but no drawing.
    const read = await t.app.inject({ method: 'GET', url: `/api/payment/transactions/${_id}`, headers: { authorization: token } });
    expect(read.json().data).toMatchObject({ status: 'success', qrCodeSvg: null });
    expect(read.json().data.brCode).toMatch(/^000201/);
  });

  it('picks locales like a browser would', () => {
    expect(pickSandboxLocale(undefined, undefined)).toBe('pt-BR');
    expect(pickSandboxLocale(undefined, 'es-MX,es;q=0.9')).toBe('es');
    expect(pickSandboxLocale(undefined, 'de, en;q=0.1, es;q=0.5')).toBe('es');
    expect(pickSandboxLocale(undefined, 'en;q=0, *')).toBe('pt-BR');
    expect(pickSandboxLocale('xx', 'pt-PT')).toBe('pt-BR');
    expect(pickSandboxLocale('EN-gb', 'es')).toBe('en');
  });
});

describe('sandbox in production', () => {
  it('is off unless PAYMENT_SANDBOX=on: no sandbox top-up, no pay endpoint, no sandbox webhook', async () => {
    const prod = await createTestApp({}, { NODE_ENV: 'production' });
    const fan = await createUser(prod.ctx);
    const fanToken = await signIn(prod.app, fan.email);
    const refused = await topUp(prod.app, fanToken, { amount: '10.00' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/sandbox is not available/);
    const webhook = await prod.app.inject({ method: 'POST', url: '/api/payment/webhooks/pix-sandbox', payload: {} });
    expect(webhook.statusCode).toBe(404);
    await prod.close();

    const allowed = await createTestApp({}, { NODE_ENV: 'production', PAYMENT_SANDBOX: 'on' });
    const other = await createUser(allowed.ctx);
    const accepted = await topUp(allowed.app, await signIn(allowed.app, other.email), { amount: '10.00' });
    expect(accepted.statusCode).toBe(200);
    await allowed.close();
  });
});
