// api-contract.md section 7, "Observed a week later": `GET /package/token/search` is called, and a fan
// buys a package through `POST /payment/wallet/top-up` without an Idempotency-Key, optional values as "".
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../test/helpers.js';
import { paymentTransactions, tokenPackages, userPermissions } from './db/schema/index.js';
import { deliverPix, endToEndId, pixWebhook } from './domains/payments/payments.test-support.js';
import { accountKeys } from './money/ledger/accounts.js';
import { checkLedger } from './money/ledger/invariant.js';
import { balanceOf } from './money/ledger/ledger.js';

let t: TestApp;
let admin: string;
let viewer: string;
let fan: string;
let fanId: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.db.delete(tokenPackages);
  admin = await signIn(t.app, (await createUser(t.ctx, { role: 'admin' })).email!);
  const staff = await createUser(t.ctx, { role: 'manager' });
  await t.ctx.db.insert(userPermissions).values({ userId: staff.id, permissionKey: 'setting.view' });
  viewer = await signIn(t.app, staff.email!);
  const fanUser = await createUser(t.ctx, { role: 'user' });
  fanId = fanUser.id;
  fan = await signIn(t.app, fanUser.email!);
});
afterAll(async () => {
  expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(token ? { authorization: token } : {}), ...headers }, ...(payload ? { payload } : {}) });
const publicList = async () => (await call('GET', '/api/package/token/search')).json().data as { data: { _id: string; name: string; price: number; tokens: number }[]; total: number };
const wallet = () => balanceOf(t.ctx.db, accountKeys.wallet(fanId));
const create = async (body: Record<string, unknown>) => {
  const res = await call('POST', '/api/admin/package/token', admin, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { _id: string; price: number; tokens: number; isActive: boolean };
};
/** What an existing client sends: JSON, optional values as "", no Idempotency-Key. */
const buy = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call('POST', '/api/payment/wallet/top-up', fan, { amount: '', couponCode: '', paymentGateway: '', ...body }, headers);
/** The PIX webhook the sandbox would send for a transaction, paid in full. */
async function paidHook(transactionId: string, e2e = endToEndId()) {
  const [row] = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, transactionId));
  return pixWebhook(t.ctx, [{ endToEndId: e2e, txid: row!.providerReference ?? row!.id, valor: (row!.amountCents / 100).toFixed(2) }]);
}

describe('token packages: staff define them, the public list shows the active ones', () => {
  it('answers an empty list when there are none', async () => {
    expect((await call('GET', '/api/package/token/search')).json()).toEqual({ status: 0, data: { data: [], total: 0 } });
  });

  it('staff create, order, retire, put back and delete packages; the public list follows', async () => {
    const big = await create({ name: 'Pacote Grande', price: 100, tokens: 120, ordering: 3 });
    const small = await create({ name: 'Pacote Pequeno', description: 'Para começar', price: '9.90', tokens: 10, ordering: 1 });
    const mid = await create({ name: 'Pacote Médio', price: 49.9, tokens: 55, ordering: 2 });
    expect(small).toMatchObject({ price: 9.9, tokens: 10, isActive: true });
    expect((await publicList()).data.map((p) => p.name)).toEqual(['Pacote Pequeno', 'Pacote Médio', 'Pacote Grande']);

    // Order: the big one first; retire the middle one.
    expect((await call('PUT', `/api/admin/package/token/${big._id}`, admin, { ordering: 0 })).statusCode).toBe(200);
    const retired = await call('PUT', `/api/admin/package/token/${mid._id}`, admin, { isActive: false });
    expect(retired.json().data).toMatchObject({ isActive: false, name: 'Pacote Médio' });
    expect(await publicList()).toMatchObject({ total: 2, data: [{ name: 'Pacote Grande', price: 100, tokens: 120 }, { name: 'Pacote Pequeno' }] });

    // Staff see every package; `isActive` filters.
    const all = await call('GET', '/api/admin/package/token/search', viewer);
    expect(all.statusCode).toBe(200);
    expect(all.json().data.total).toBe(3);
    expect((await call('GET', '/api/admin/package/token/search?isActive=false', viewer)).json().data.data.map((p: { _id: string }) => p._id)).toEqual([mid._id]);

    // Put back on sale, then delete one.
    expect((await call('PUT', `/api/admin/package/token/${mid._id}`, admin, { isActive: true })).json().data.isActive).toBe(true);
    expect((await call('DELETE', `/api/admin/package/token/${mid._id}`, admin)).json().data._id).toBe(mid._id);
    expect((await publicList()).data.map((p) => p.name)).toEqual(['Pacote Grande', 'Pacote Pequeno']);
    expect((await call('DELETE', `/api/admin/package/token/${mid._id}`, admin)).json()).toMatchObject({ statusCode: 404, code: 'token_packages.not_found' });
  });

  it('refuses empty names, non-positive prices or tokens and unknown packages', async () => {
    expect((await call('POST', '/api/admin/package/token', admin, { name: ' ', price: 10, tokens: 10 })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/package/token', admin, { name: 'x', price: 0, tokens: 10 })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/package/token', admin, { name: 'x', price: 10, tokens: -1 })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/package/token', admin, { name: 'x', price: 10.001, tokens: 10 })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/package/token', admin, { name: 'x', price: 10 })).statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/package/token/0123456789abcdef01234567', admin, { ordering: 1 })).statusCode).toBe(404);
    // A price outside the top-up limits could never be bought.
    expect((await call('POST', '/api/admin/package/token', admin, { name: 'x', price: 500, tokens: 500 })).json()).toMatchObject({ statusCode: 422, code: 'payment.topup_out_of_range' });
    expect((await call('POST', '/api/admin/package/token', admin, { name: 'x', price: 2.5, tokens: 3 })).statusCode).toBe(422);
  });

  it('lets only staff with the settings permissions manage them', async () => {
    const body = { name: 'x', price: 10, tokens: 10 };
    expect((await call('POST', '/api/admin/package/token', fan, body)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/package/token', viewer, body)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/package/token/search', fan)).statusCode).toBe(403);
    const [first] = (await publicList()).data;
    expect((await call('PUT', `/api/admin/package/token/${first!._id}`, fan, { isActive: false })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/admin/package/token/${first!._id}`, viewer)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/package/token', undefined, body)).statusCode).toBe(401);
    expect((await publicList()).total).toBe(2);
  });
});

describe('buying a token package through the wallet top-up', () => {
  it('as an existing client: the fan pays the price, the sandbox settles, the wallet holds the tokens', async () => {
    const pack = await create({ name: 'Pacote Bônus', price: 20, tokens: 25, ordering: 9 });
    const before = await wallet();
    const res = await buy({ packageId: pack._id });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json().data;
    expect(started).toMatchObject({ status: 'pending', amount: 20, tokens: 25, bonus: 5, discount: 0, packageId: pack._id, packageName: 'Pacote Bônus' });
    expect(started.products).toEqual([{ _id: pack._id, description: 'Pacote Bônus' }]);
    expect(typeof started.paymentUrl).toBe('string');

    const paid = await call('POST', `/api/payment/sandbox/${started._id}/pay`);
    expect(paid.json().data).toMatchObject({ status: 'success', amount: 20, outcome: 'credited' });
    expect((await wallet()) - before).toBe(2500);
    // The platform funds the bonus; the gateway received the price.
    expect(await balanceOf(t.ctx.db, accountKeys.platform())).toBe(-500);

    // The history names the package.
    const history = (await call('GET', '/api/payment/transactions/user/search', fan)).json().data.data as { _id: string; packageName: string | null; products: unknown[] }[];
    expect(history.find((h) => h._id === started._id)).toMatchObject({ packageName: 'Pacote Bônus', products: [{ description: 'Pacote Bônus' }] });
  });

  it('credits once when the webhook arrives again', async () => {
    const pack = (await publicList()).data.find((p) => p.name === 'Pacote Pequeno')!;
    const started = (await buy({ packageId: pack._id })).json().data;
    const before = await wallet();
    const hook = await paidHook(started._id);
    expect((await deliverPix(t.app, hook)).statusCode).toBe(200);
    expect((await deliverPix(t.app, hook)).statusCode).toBe(200);
    expect((await wallet()) - before).toBe(1000);
    expect((await call('GET', `/api/payment/transactions/${started._id}`, fan)).json().data).toMatchObject({ status: 'success', tokens: 10, amount: 9.9 });
  });

  it('accepts the package price as the amount; refuses another amount, a retired and an unknown package', async () => {
    const pack = await create({ name: 'Pacote Teste', price: 30, tokens: 33 });
    expect((await buy({ packageId: pack._id, amount: '30.00' })).json().data).toMatchObject({ amount: 30, tokens: 33 });
    const mismatch = await buy({ packageId: pack._id, amount: 33 });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ code: 'payment.package_amount_mismatch', fields: ['body.amount'] });
    expect(mismatch.json().message).toContain('33.00 is not the price of the token package (30.00)');

    await call('PUT', `/api/admin/package/token/${pack._id}`, admin, { isActive: false });
    expect((await buy({ packageId: pack._id })).json()).toMatchObject({ statusCode: 422, code: 'payment.package_unavailable' });
    expect((await buy({ packageId: '0123456789abcdef01234567' })).json()).toMatchObject({ statusCode: 404, code: 'token_packages.not_found' });
    expect((await buy({ packageId: 'nope' })).statusCode).toBe(400);
    // Neither an amount nor a package: the amount is missing.
    expect((await buy({ packageId: '' })).json()).toMatchObject({ statusCode: 400, code: 'request.invalid' });
  });

  it('keeps the quote and the idempotency key working with a package', async () => {
    const pack = await create({ name: 'Pacote Cotado', price: 15, tokens: 18 });
    const body = { packageId: pack._id };
    const quoted = await call('POST', '/api/payment/wallet/top-up/quote', fan, body);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().data).toMatchObject({ action: 'topup', kind: 'topup', price: 15, credit: 18, description: 'Pacote Cotado' });

    const key = { 'idempotency-key': `pack-${Date.now()}` };
    const first = await call('POST', '/api/payment/wallet/top-up', fan, body, { ...key, 'x-fandeck-quote': quoted.json().data.quote });
    expect(first.statusCode, first.body).toBe(200);
    const again = await call('POST', '/api/payment/wallet/top-up', fan, body, { ...key, 'x-fandeck-quote': quoted.json().data.quote });
    expect(again.json().data._id).toBe(first.json().data._id);

    // A change of the package after the quote: the quoted request is refused, nothing is charged.
    const next = (await call('POST', '/api/payment/wallet/top-up/quote', fan, body)).json().data.quote as string;
    await call('PUT', `/api/admin/package/token/${pack._id}`, admin, { tokens: 17 });
    expect((await call('POST', '/api/payment/wallet/top-up', fan, body, { 'x-fandeck-quote': next })).json()).toMatchObject({ statusCode: 409, code: 'payment.price_changed' });
  });

  it('settles a top-up whose package was deleted meanwhile with what it promised, and keeps its name', async () => {
    const pack = await create({ name: 'Pacote Efêmero', price: 12, tokens: 14 });
    const started = (await buy({ packageId: pack._id })).json().data;
    expect((await call('DELETE', `/api/admin/package/token/${pack._id}`, admin)).statusCode).toBe(200);
    const before = await wallet();
    expect((await call('POST', `/api/payment/sandbox/${started._id}/pay`)).json().data.outcome).toBe('credited');
    expect((await wallet()) - before).toBe(1400);
    expect((await call('GET', `/api/payment/transactions/${started._id}`, fan)).json().data).toMatchObject({ packageId: null, packageName: 'Pacote Efêmero' });
  });

  it('takes a coupon off the price and still credits the tokens; a package worth less than its price leaves the platform the rest', async () => {
    const coupon = await call('POST', '/api/admin/coupons', admin, { code: 'PACOTE10', type: 'percentage', value: 10 });
    expect(coupon.statusCode, coupon.body).toBe(200);
    const pack = await create({ name: 'Pacote Cupom', price: 40, tokens: 44 });
    const platformBefore = await balanceOf(t.ctx.db, accountKeys.platform());
    const withCoupon = (await buy({ packageId: pack._id, couponCode: 'PACOTE10' })).json().data;
    expect(withCoupon).toMatchObject({ amount: 36, tokens: 44, discount: 4, bonus: 4, totalPrice: 36, originalPrice: 40 });
    const lean = await create({ name: 'Pacote Taxado', price: 10, tokens: 9 });
    const leanStarted = (await buy({ packageId: lean._id })).json().data;
    expect(leanStarted).toMatchObject({ amount: 10, tokens: 9, bonus: -1 });

    const before = await wallet();
    for (const id of [withCoupon._id, leanStarted._id]) expect((await call('POST', `/api/payment/sandbox/${id}/pay`)).json().data.outcome).toBe('credited');
    expect((await wallet()) - before).toBe(4400 + 900);
    // The platform funds the coupon and the bonus (8.00) and keeps 1.00 from the lean package.
    expect((await balanceOf(t.ctx.db, accountKeys.platform())) - platformBefore).toBe(-800 + 100);
  });

  it('still tops up a typed amount as before', async () => {
    const res = await buy({ amount: '10.00', packageId: '' });
    expect(res.json().data).toMatchObject({ amount: 10, tokens: 10, bonus: 0, packageId: null, packageName: null, products: [] });
  });
});
