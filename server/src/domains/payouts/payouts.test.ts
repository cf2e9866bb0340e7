import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { userPermissions } from '../../db/schema/index.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { balanceOf } from '../../money/ledger/ledger.js';
import { creditEarnings } from '../earnings/earnings.test-support.js';
import { auth } from '../payments/payments.test-support.js';
import { updateSettings } from '../settings/settings.service.js';
import { recordingRealtime } from '../wallet/wallet-test-kit.js';
import { PAYOUT_CLEARING } from './payouts.service.js';

const realtime = recordingRealtime();
let t: TestApp;
let admin: string;
let ips = 0;
const token = async (email: string) => signIn(t.app, email, undefined, `10.2.${Math.floor((ips += 1) / 250)}.${ips % 250}`);

beforeAll(async () => {
  t = await createTestApp({ realtime });
  admin = await token((await createUser(t.ctx, { role: 'admin' })).email);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, bearer: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api${url}`, headers: auth(bearer), ...(payload ? { payload } : {}) });
const earnings = (id: string) => balanceOf(t.ctx.db, accountKeys.earnings(id));
const reserved = (id: string) => balanceOf(t.ctx.db, accountKeys.payout(id));

/** A verified creator with a PIX key on file and these earnings. */
async function creator(earningsCents: number, options: { pix?: boolean; verified?: boolean } = {}) {
  const user = await createUser(t.ctx, { role: 'performer', verifiedDocument: options.verified ?? true });
  const bearer = await token(user.email);
  if (options.pix ?? true) {
    const res = await call('POST', '/payout-methods/pix', bearer, { pixKeyType: 'email', pixKey: 'Ana.Payouts@Example.test' });
    expect(res.statusCode, res.body).toBe(200);
  }
  if (earningsCents) await creditEarnings(t.ctx, user.id, earningsCents);
  return { id: user.id, token: bearer };
}

describe('payout methods', () => {
  it('saves each method with the payout settings’ rules, keeping the others', async () => {
    const me = await creator(0, { pix: false });
    const badPix = await call('POST', '/payout-methods/pix', me.token, { pixKeyType: 'cpf', pixKey: '123.456.789-00' });
    expect(badPix.statusCode).toBe(400);
    expect(badPix.json()).toMatchObject({ code: 'request.invalid', fields: ['body.pixKey'], fieldCodes: { 'body.pixKey': 'payouts.pix_cpf_invalid' } });
    expect((await call('POST', '/payout-methods/pix', me.token, {})).statusCode).toBe(400);
    expect((await call('POST', '/payout-methods/paypal', me.token, { email: 'a@b.c' })).statusCode).toBe(400);

    const pix = await call('POST', '/payout-methods/pix', me.token, { pixKeyType: 'email', pixKey: 'Me@Example.test' });
    expect(pix.statusCode, pix.body).toBe(200);
    expect(pix.json().data.bankingSettings).toMatchObject({ pixKeyType: 'email', account: null });

    const partialBank = await call('POST', '/payout-methods/banking', me.token, { bankCode: '001' });
    expect(partialBank.statusCode).toBe(400);
    expect(partialBank.json().fields).toEqual(expect.arrayContaining(['body.agency', 'body.account']));
    // Each field its own code, never the PIX fields nor an English list of names.
    expect(partialBank.json().fieldCodes).toEqual({
      'body.agency': 'payouts.field_required',
      'body.account': 'payouts.field_required',
      'body.accountType': 'payouts.field_required',
      'body.holderName': 'payouts.field_required',
      'body.holderDocument': 'payouts.field_required',
    });
    const bank = await call('POST', '/payout-methods/banking', me.token, {
      bankCode: '260', agency: '0001', account: '1234567-8', accountType: 'checking', holderName: 'Ana Souza', holderDocument: '11.222.333/0001-81',
    });
    expect(bank.statusCode, bank.body).toBe(200);
    // The PIX key stayed; numbers are masked in the answer.
    expect(bank.json().data.bankingSettings).toMatchObject({ pixKeyType: 'email', bankCode: '260', account: '*****67-8' });

    expect((await call('POST', '/payout-methods/stripe', me.token, { stripeAccountId: 'nope' })).statusCode).toBe(400);
    const stripe = await call('POST', '/payout-methods/stripe', me.token, { stripeAccountId: 'acct_1Abcdef' });
    expect(stripe.statusCode, stripe.body).toBe(200);
    expect(stripe.json().data.paymentGatewaySettings).toMatchObject({ gateway: 'stripe', stripeAccountId: 'acct_1Abcdef', hasPixKey: true });

    const fan = await createUser(t.ctx);
    expect((await call('POST', '/payout-methods/pix', await token(fan.email), { pixKeyType: 'email', pixKey: 'x@y.test' })).statusCode).toBe(403);
  });

  it('checks a PIX key by its kind and a bank account field by field, each refusal with its own code', async () => {
    const me = await creator(0, { pix: false });
    const cases: [string, Record<string, unknown>, Record<string, string>][] = [
      ['pix', { pixKeyType: 'cpf', pixKey: '529.982.247-24' }, { 'body.pixKey': 'payouts.pix_cpf_invalid' }],
      ['pix', { pixKeyType: 'cnpj', pixKey: '11.222.333/0001-80' }, { 'body.pixKey': 'payouts.pix_cnpj_invalid' }],
      ['pix', { pixKeyType: 'email', pixKey: 'no-at-sign' }, { 'body.pixKey': 'payouts.pix_email_invalid' }],
      ['pix', { pixKeyType: 'phone', pixKey: '+1 212 555 0100' }, { 'body.pixKey': 'payouts.pix_phone_invalid' }],
      ['pix', { pixKeyType: 'random', pixKey: 'abc' }, { 'body.pixKey': 'payouts.pix_random_invalid' }],
      ['pix', { pixKeyType: 'iban', pixKey: 'abc' }, { 'body.pixKeyType': 'payouts.pix_key_type_invalid' }],
      ['pix', { pixKeyType: 'cpf', pixKey: '  ' }, { 'body.pixKey': 'payouts.field_required' }],
      [
        'banking',
        { bankCode: '34', agency: 'x', account: '12a', accountType: 'business', holderName: 'Ana', holderDocument: '529.982.247-24' },
        {
          'body.bankCode': 'payouts.bank_code_invalid',
          'body.agency': 'payouts.agency_invalid',
          'body.account': 'payouts.account_invalid',
          'body.accountType': 'payouts.account_type_invalid',
          'body.holderDocument': 'payouts.holder_document_invalid',
        },
      ],
      ['stripe', { stripeAccountId: 'nope' }, { 'body.stripeAccountId': 'payouts.stripe_account_invalid' }],
    ];
    for (const [method, payload, fieldCodes] of cases) {
      const res = await call('POST', `/payout-methods/${method}`, me.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fieldCodes, JSON.stringify(payload)).toEqual(fieldCodes);
    }
    for (const [pixKeyType, pixKey] of [['cpf', '529.982.247-25'], ['cnpj', '11.222.333/0001-81'], ['phone', '+55 11 91234-5678'], ['random', '123e4567-e89b-42d3-a456-426614174000']]) {
      expect((await call('POST', '/payout-methods/pix', me.token, { pixKeyType, pixKey })).statusCode, pixKeyType).toBe(200);
    }
  });

  it('removes one method and keeps the other', async () => {
    const me = await creator(0);
    const bank = { bankCode: '260', agency: '0001', account: '1234567-8', accountType: 'savings', holderName: 'Ana Souza', holderDocument: '529.982.247-25' };
    expect((await call('POST', '/payout-methods/banking', me.token, bank)).statusCode).toBe(200);
    const noPix = await call('DELETE', '/payout-methods/pix', me.token);
    expect(noPix.statusCode, noPix.body).toBe(200);
    expect(noPix.json().data.bankingSettings).toMatchObject({ pixKey: null, pixKeyType: null, bankCode: '260', account: '*****67-8' });
    expect((await call('POST', '/payout-requests', me.token, { requestAmount: 60, paymentAccountType: 'pix' })).json().code).toBe('payouts.method_missing');
    expect((await call('POST', '/payout-methods/pix', me.token, { pixKeyType: 'email', pixKey: 'ana@example.test' })).statusCode).toBe(200);
    const noBank = (await call('DELETE', '/payout-methods/banking', me.token)).json().data.bankingSettings;
    expect(noBank).toMatchObject({ pixKey: expect.stringMatching(/test$/), bankCode: null, account: null, holderDocument: null });
  });
});

describe('requesting a payout', () => {
  it('refuses below the minimum, without details for the method, unverified, or above the earnings', async () => {
    const me = await creator(10_000);
    const below = await call('POST', '/payout-requests', me.token, { requestAmount: 49.99, paymentAccountType: 'pix' });
    expect(below.statusCode).toBe(422);
    expect(below.json().code).toBe('payouts.below_minimum');
    const noStripe = await call('POST', '/payout-requests', me.token, { requestAmount: 50, paymentAccountType: 'stripe' });
    expect(noStripe.statusCode).toBe(422);
    expect(noStripe.json().code).toBe('payouts.method_missing');
    const tooMuch = await call('POST', '/payout-requests', me.token, { requestAmount: 100.01, paymentAccountType: 'pix' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().code).toBe('payouts.insufficient_earnings');
    expect((await call('POST', '/payout-requests', me.token, { requestAmount: 0, paymentAccountType: 'pix' })).statusCode).toBe(400);
    // Nothing was reserved or written by any of them.
    expect(await earnings(me.id)).toBe(10_000);
    expect(await reserved(me.id)).toBe(0);
    expect((await call('GET', '/payout-requests/user/search', me.token)).json().data.total).toBe(0);

    const unverified = await creator(10_000, { verified: false, pix: false });
    const refused = await call('POST', '/payout-requests', unverified.token, { requestAmount: 60, paymentAccountType: 'pix' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('performers.not_verified');

    // The minimum is the setting.
    await updateSettings(t.ctx.db, { minPayoutAmount: 20 });
    try {
      const ok = await call('POST', '/payout-requests', me.token, { requestAmount: 20, paymentAccountType: 'pix' });
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await updateSettings(t.ctx.db, { minPayoutAmount: 50 });
    }
  });

  it('reserves the amount at once, keeps a masked copy of the details, and allows one open request', async () => {
    const me = await creator(12_345);
    const calc = await call('POST', '/payout-requests/calculate', me.token, { requestAmount: 100 });
    expect(calc.json().data).toEqual({ availableAmount: 123.45, pendingAmount: 0, paidAmount: 0, minimumPayout: 50, canRequest: true, totalEarnedTokens: 123.45, previousPaidOutTokens: 0, remainingUnpaidTokens: 123.45 });
    expect((await call('POST', '/payout-requests/calculate', me.token, { requestAmount: 200 })).json().data.canRequest).toBe(false);

    realtime.events.length = 0;
    const res = await call('POST', '/payout-requests', me.token, { requestAmount: 100, paymentAccountType: 'pix', requestNote: 'março' });
    expect(res.statusCode, res.body).toBe(200);
    const request = res.json().data;
    expect(request).toMatchObject({ performerId: me.id, requestAmount: 100, status: 'pending', paymentAccountType: 'pix', requestNote: 'março', adminNote: '', reviewedAt: null });
    expect(request.paymentAccountInfo).toEqual({ pixKeyType: 'email', pixKey: '*'.repeat('ana.payouts@example.test'.length - 4) + 'test' });
    expect(await earnings(me.id)).toBe(2_345);
    expect(await reserved(me.id)).toBe(10_000);
    expect(realtime.events).toEqual([{ userId: me.id, event: 'update_balance', payload: { token: -100, balance: 23.45, account: 'earnings' } }]);

    const again = await call('POST', '/payout-requests', me.token, { requestAmount: 50, paymentAccountType: 'pix' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('payouts.already_pending');
    expect(await reserved(me.id)).toBe(10_000);

    expect((await call('GET', '/payout-requests/check/pending-review', me.token)).json().data).toEqual({ pending: true, request });
    expect((await call('POST', '/payout-requests/calculate', me.token, {})).json().data).toEqual({
      availableAmount: 23.45, pendingAmount: 100, paidAmount: 0, minimumPayout: 50, canRequest: false, totalEarnedTokens: 123.45, previousPaidOutTokens: 0, remainingUnpaidTokens: 123.45,
    });
    const stats = (await call('GET', '/performer/earning/stats', me.token)).json().data;
    expect(stats).toMatchObject({ pendingPrice: 100, remainingPrice: 23.45, paidPrice: 0 });

    for (const url of ['/payout-requests/user/search', '/payout-requests/search']) {
      const mine = (await call('GET', url, me.token)).json().data;
      expect(mine).toEqual({ data: [request], total: 1 });
    }
    expect((await call('GET', `/payout-requests/${request._id}/view`, me.token)).json().data).toEqual(request);
  });
});

describe('changing a pending request', () => {
  it('re-reserves the difference atomically, and only while pending', async () => {
    const me = await creator(20_000);
    const created = (await call('POST', '/payout-requests', me.token, { requestAmount: 80, paymentAccountType: 'pix' })).json().data;
    const put = (payload: Record<string, unknown>) => call('PUT', `/payout-requests/${created._id}`, me.token, payload);

    const up = await put({ requestAmount: 150.5, requestNote: 'mais' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data).toMatchObject({ requestAmount: 150.5, requestNote: 'mais' });
    expect([await earnings(me.id), await reserved(me.id)]).toEqual([4_950, 15_050]);

    const over = await put({ requestAmount: 200.01 });
    expect(over.statusCode).toBe(422);
    expect(over.json().code).toBe('payouts.insufficient_earnings');
    expect((await put({ requestAmount: 10 })).json().code).toBe('payouts.below_minimum');
    expect((await put({ paymentAccountType: 'banking' })).json().code).toBe('payouts.method_missing');
    expect([await earnings(me.id), await reserved(me.id)]).toEqual([4_950, 15_050]);

    const down = await put({ requestAmount: 60 });
    expect(down.statusCode).toBe(200);
    expect([await earnings(me.id), await reserved(me.id)]).toEqual([14_000, 6_000]);

    const other = await creator(10_000);
    expect((await call('PUT', `/payout-requests/${created._id}`, other.token, { requestAmount: 50 })).statusCode).toBe(404);

    expect((await call('PUT', `/admin/payout-requests/${created._id}/status`, admin, { status: 'approved' })).statusCode).toBe(200);
    const locked = await put({ requestAmount: 70 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('payouts.not_editable');
    expect([await earnings(me.id), await reserved(me.id)]).toEqual([14_000, 6_000]);
  });
});

describe('staff review', () => {
  it('rejected gives the money back; done takes it out; other moves are refused', async () => {
    const me = await creator(30_000);
    const status = (id: string, body: Record<string, unknown>) => call('PUT', `/admin/payout-requests/${id}/status`, admin, body);

    const first = (await call('POST', '/payout-requests', me.token, { requestAmount: 120, paymentAccountType: 'pix' })).json().data;
    realtime.events.length = 0;
    const rejected = await status(first._id, { status: 'rejected', adminNote: 'dados errados' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'rejected', adminNote: 'dados errados', performerInfo: { _id: me.id } });
    expect(rejected.json().data.reviewedAt).not.toBeNull();
    expect([await earnings(me.id), await reserved(me.id)]).toEqual([30_000, 0]);
    expect(realtime.events).toEqual([{ userId: me.id, event: 'update_balance', payload: { token: 120, balance: 300, account: 'earnings' } }]);
    expect((await status(first._id, { status: 'done' })).json().code).toBe('payouts.invalid_transition');
    expect((await status(first._id, { status: 'approved' })).statusCode).toBe(409);

    const clearingBefore = await balanceOf(t.ctx.db, PAYOUT_CLEARING);
    const second = (await call('POST', '/payout-requests', me.token, { requestAmount: 250, paymentAccountType: 'pix' })).json().data;
    expect((await status(second._id, { status: 'approved' })).statusCode).toBe(200);
    expect((await status(second._id, { status: 'approved' })).json().code).toBe('payouts.invalid_transition');
    // Approved is still open: no second request.
    expect((await call('POST', '/payout-requests', me.token, { requestAmount: 50, paymentAccountType: 'pix' })).statusCode).toBe(409);
    const done = await status(second._id, { status: 'done' });
    expect(done.statusCode).toBe(200);
    expect([await earnings(me.id), await reserved(me.id)]).toEqual([5_000, 0]);
    expect((await balanceOf(t.ctx.db, PAYOUT_CLEARING)) - clearingBefore).toBe(25_000);
    expect((await status(second._id, { status: 'rejected' })).statusCode).toBe(409);
    expect((await status(second._id, { status: 'pending' })).statusCode).toBe(400);

    const stats = (await call('GET', '/performer/earning/stats', me.token)).json().data;
    expect(stats).toMatchObject({ paidPrice: 250, pendingPrice: 0, remainingPrice: 50 });
    expect((await call('POST', '/payout-requests/calculate', me.token, {})).json().data).toMatchObject({ paidAmount: 250, canRequest: true });
    expect((await call('GET', '/payout-requests/check/pending-review', me.token)).json().data).toEqual({ pending: false, request: null });

    // pending → done directly.
    const third = (await call('POST', '/payout-requests', me.token, { requestAmount: 50, paymentAccountType: 'pix' })).json().data;
    expect((await status(third._id, { status: 'done' })).statusCode).toBe(200);
    expect(await earnings(me.id)).toBe(0);
    expect((await status('000000000000000000000000', { status: 'done' })).statusCode).toBe(404);

    const check = await checkLedger(t.ctx.db);
    expect(check.ok, JSON.stringify(check)).toBe(true);
  });

  it('lists every request for staff with filters; permissions decide who may look and who may decide', async () => {
    const a = await creator(10_000);
    const b = await creator(10_000);
    const ra = (await call('POST', '/payout-requests', a.token, { requestAmount: 60, paymentAccountType: 'pix' })).json().data;
    const rb = (await call('POST', '/payout-requests', b.token, { requestAmount: 70, paymentAccountType: 'pix' })).json().data;

    const byCreator = (await call('GET', `/admin/payout-requests/search?performerId=${a.id}`, admin)).json().data;
    expect(byCreator.total).toBe(1);
    expect(byCreator.data[0]).toMatchObject({ _id: ra._id, performerInfo: { _id: a.id } });
    const pending = (await call('GET', '/admin/payout-requests/search?status=pending&limit=100', admin)).json().data;
    expect(pending.data.map((r: { _id: string }) => r._id)).toEqual(expect.arrayContaining([ra._id, rb._id]));
    expect(pending.data.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    // Staff's single view carries the details to pay to, whole; lists and the creator's own view keep them masked.
    const single = (await call('GET', `/admin/payout-requests/${rb._id}`, admin)).json().data;
    expect(single).toMatchObject({ _id: rb._id, performerInfo: { _id: b.id }, paymentDetails: { pixKeyType: 'email', pixKey: expect.stringMatching(/^ana\.payouts@example\.test$/i) } });
    expect(JSON.stringify(single.paymentAccountInfo)).not.toMatch(/ana\.payouts@example\.test/i);
    expect(pending.data.find((r: { _id: string }) => r._id === rb._id)).not.toHaveProperty('paymentDetails');
    expect((await call('GET', `/payout-requests/${rb._id}/view`, b.token)).json().data).not.toHaveProperty('paymentDetails');

    // Creators see their own only.
    expect((await call('GET', `/payout-requests/${rb._id}/view`, a.token)).statusCode).toBe(404);
    expect((await call('GET', '/payout-requests/user/search', a.token)).json().data.data.map((r: { _id: string }) => r._id)).toEqual([ra._id]);
    expect((await call('GET', '/admin/payout-requests/search', a.token)).statusCode).toBe(403);

    const fan = await token((await createUser(t.ctx)).email);
    for (const [method, url] of [
      ['POST', '/payout-requests/calculate'],
      ['POST', '/payout-requests'],
      ['GET', '/payout-requests/user/search'],
      ['GET', '/payout-requests/check/pending-review'],
      ['GET', `/payout-requests/${ra._id}/view`],
      ['GET', '/admin/payout-requests/search'],
    ] as const) {
      expect((await call(method, url, fan, method === 'POST' ? { requestAmount: 60, paymentAccountType: 'pix' } : undefined)).statusCode, url).toBe(403);
    }

    const viewer = await createUser(t.ctx, { role: 'manager' });
    await t.ctx.db.insert(userPermissions).values({ userId: viewer.id, permissionKey: 'payout_request.view' });
    const viewerToken = await token(viewer.email);
    expect((await call('GET', '/admin/payout-requests/search', viewerToken)).statusCode).toBe(200);
    expect((await call('PUT', `/admin/payout-requests/${ra._id}/status`, viewerToken, { status: 'done' })).statusCode).toBe(403);
    await t.ctx.db.insert(userPermissions).values({ userId: viewer.id, permissionKey: 'payout_request.update' });
    expect((await call('PUT', `/admin/payout-requests/${ra._id}/status`, viewerToken, { status: 'done' })).statusCode).toBe(200);
  });
});
