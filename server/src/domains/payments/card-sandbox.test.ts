import { SANDBOX_TEST_CARDS, type SandboxCardBehaviour } from '@fandeck/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { paymentCards, paymentTransactions } from '../../db/schema/index.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { balanceOf } from '../../money/ledger/ledger.js';
import { auth, recordingRealtime, topUp } from './payments.test-support.js';

/**
 * The sandbox's cards: on a server without Stripe, with the sandbox on (the default outside
 * production), a card top-up runs end to end with the contract's test numbers.
 */
let t: TestApp;
let fan: { id: string; token: string };
let other: { id: string; token: string };
const realtime = recordingRealtime();
const testNumber = (behaviour: SandboxCardBehaviour) => SANDBOX_TEST_CARDS.find((c) => c.behaviour === behaviour)!.number;
const future = new Date().getUTCFullYear() + 3;

async function signedUp(ip: string) {
  const user = await createUser(t.ctx, { role: 'user' });
  return { id: user.id, token: await signIn(t.app, user.email, undefined, ip) };
}

const addCard = (token: string, card: Record<string, unknown>, provider = 'card-sandbox') =>
  t.app.inject({ method: 'POST', url: `/api/${provider}/cards`, headers: auth(token), payload: { expMonth: 12, expYear: future, cvc: '123', ...card } });
const listCards = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/payment-cards', headers: auth(token) })).json().data.data as { _id: string; isDefault: boolean; last4: string }[];
const wallet = (userId: string) => balanceOf(t.ctx.db, accountKeys.wallet(userId));

beforeAll(async () => {
  t = await createTestApp({ realtime });
  fan = await signedUp('10.31.0.1');
  other = await signedUp('10.31.0.2');
});
afterAll(async () => {
  expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  await t?.close();
});

describe('saving a sandbox card', () => {
  it('keeps brand, last four, expiry and a token, never the number; the first card is the default', async () => {
    const res = await addCard(fan.token, { number: '4242 4242 4242 4242' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ provider: 'card-sandbox', brand: 'visa', last4: '4242', expMonth: 12, expYear: future, isDefault: true });
    const [row] = await t.ctx.db.select().from(paymentCards).where(eq(paymentCards.id, res.json().data._id));
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    expect(row!.providerPaymentMethodId).toMatch(/^sbxcard_succeed_/);
  });

  it('declines the declining test card with payment.card_declined and saves nothing', async () => {
    const before = (await listCards(other.token)).length;
    const res = await addCard(other.token, { number: testNumber('decline') });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('payment.card_declined');
    expect(await listCards(other.token)).toHaveLength(before);
  });

  it('refuses a bad number, an expired card, a bad CVC and a number that is no test card, each by its code', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ number: '4242424242424241' }, 'payment.card_number_invalid'],
      [{ number: testNumber('succeed'), expMonth: 1, expYear: 2001 }, 'payment.card_expired'],
      [{ number: testNumber('succeed'), cvc: '1x' }, 'payment.card_cvc_invalid'],
      [{ number: '5555555555554444' }, 'payment.card_not_test'],
    ];
    for (const [card, code] of cases) {
      const res = await addCard(other.token, card);
      expect(res.statusCode, code).toBe(422);
      expect(res.json().code).toBe(code);
    }
    expect((await addCard(other.token, { number: 'abc' })).statusCode).toBe(400);
    expect((await addCard(other.token, { number: testNumber('succeed') }, 'stripe')).json().code).toBe('payment.cards_disabled');
  });

  it('sets the default, only one at a time, and hands it on when the default is removed', async () => {
    const second = (await addCard(fan.token, { number: testNumber('authenticate') })).json().data;
    expect(second.isDefault).toBe(false);
    const made = await t.app.inject({ method: 'PUT', url: `/api/payment-cards/${second._id}/default`, headers: auth(fan.token) });
    expect(made.json().data).toMatchObject({ _id: second._id, isDefault: true });
    let cards = await listCards(fan.token);
    expect(cards.filter((c) => c.isDefault).map((c) => c._id)).toEqual([second._id]);
    expect(cards[0]!._id).toBe(second._id);
    expect((await t.app.inject({ method: 'PUT', url: `/api/payment-cards/${second._id}/default`, headers: auth(other.token) })).statusCode).toBe(404);

    const third = (await addCard(fan.token, { number: testNumber('succeed') })).json().data;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/payment-cards/${second._id}`, headers: auth(fan.token) })).json().data).toEqual({ deleted: true });
    cards = await listCards(fan.token);
    expect(cards.find((c) => c._id === second._id)).toBeUndefined();
    expect(cards.filter((c) => c.isDefault).map((c) => c._id)).toEqual([third._id]);
  });
});

describe('a top-up with a sandbox card', () => {
  it('credits at once with the succeeding card, once however often the same request is retried', async () => {
    const card = (await addCard(other.token, { number: testNumber('succeed') })).json().data;
    const start = await wallet(other.id);
    const first = await topUp(t.app, other.token, { amount: 25, paymentCardId: card._id }, 'sbx-card-retry');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'success', paymentGateway: 'card-sandbox', amount: 25, tokens: 25, qrCodeSvg: null });
    const again = await topUp(t.app, other.token, { amount: 25, paymentCardId: card._id }, 'sbx-card-retry');
    expect(again.json().data._id).toBe(first.json().data._id);
    expect(await wallet(other.id)).toBe(start + 2500);
    expect(realtime.sent).toContainEqual(expect.objectContaining({ userId: other.id, event: 'update_balance' }));
  });

  it('waits for the extra step with the authenticating card, then credits once', async () => {
    const card = (await addCard(other.token, { number: testNumber('authenticate') })).json().data;
    const start = await wallet(other.id);
    const res = await topUp(t.app, other.token, { amount: 30, paymentCardId: card._id });
    expect(res.json().data).toMatchObject({ status: 'require_authentication', paymentGateway: 'card-sandbox' });
    expect(await wallet(other.id)).toBe(start);
    const id = res.json().data._id as string;
    const step = await t.app.inject({ method: 'POST', url: `/api/payment/sandbox/${id}/pay` });
    expect(step.json().data).toMatchObject({ _id: id, status: 'success', outcome: 'credited' });
    expect(await wallet(other.id)).toBe(start + 3000);
    const twice = await t.app.inject({ method: 'POST', url: `/api/payment/sandbox/${id}/pay` });
    expect(twice.json().code).toBe('payment.already_paid');
    expect(await wallet(other.id)).toBe(start + 3000);
  });

  it("refuses someone else's card, a card without the card gateway, and the card sandbox without a card", async () => {
    const [theirs] = await listCards(fan.token);
    expect((await topUp(t.app, other.token, { amount: 10, paymentCardId: theirs!._id })).json().code).toBe('payment.card_not_found');
    expect((await topUp(t.app, other.token, { amount: 10, paymentCardId: theirs!._id, paymentGateway: 'pix-sandbox' })).json().code).toBe('payment.card_gateway_only');
    expect((await topUp(t.app, other.token, { amount: 10, paymentGateway: 'card-sandbox' })).statusCode).toBe(400);
    const rows = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, other.id));
    expect(rows.every((r) => r.status !== 'created')).toBe(true);
  });
});

describe('the top-up history by date', () => {
  it('keeps the days asked for, both included, and refuses a date that is not one', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const search = (query: string) => t.app.inject({ method: 'GET', url: `/api/payment/transactions/user/search?${query}`, headers: auth(other.token) });
    const today = (await search(`fromDate=${day(-1)}&toDate=${day(1)}`)).json().data;
    expect(today.total).toBeGreaterThan(0);
    expect((await search(`fromDate=${day(2)}`)).json().data.total).toBe(0);
    expect((await search(`toDate=${day(-2)}`)).json().data.total).toBe(0);
    const bad = await search('fromDate=yesterday');
    expect(bad.statusCode).toBe(400);
  });
});
