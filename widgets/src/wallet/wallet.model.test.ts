import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSession, type OwnedSession } from '../session/session.js';
import { createFakeTransport, demoFan, fail, ok, type FakeTransport } from '../session/testing/fake-transport.js';
import { TopUpModel } from './top-up.model.js';
import { readBalanceUpdate, walletFeature } from './wallet.model.js';
import { pendingTransaction } from './testing/wallet-test-kit.js';

let transport: FakeTransport;
let session: OwnedSession;

beforeEach(async () => {
  transport = createFakeTransport();
  transport.respond('GET', '/settings/public', ok({}));
  transport.respond('GET', '/users/me', ok(demoFan));
  session = createSession({ transport, lazy: true, onUnauthorized: () => undefined });
  await session.auth.login({ username: 'fan1', password: 'pw' });
});

afterEach(() => session.dispose());

describe('wallet model: the balance', () => {
  it('is created once per session, on first use, and stops listening with the session', () => {
    expect(transport.channel?.listenerCount('update_balance')).toBe(0);
    const wallet = session.use(walletFeature);
    expect(session.use(walletFeature)).toBe(wallet);
    expect(transport.channel?.listenerCount('update_balance')).toBe(1);
    const channel = transport.channel;
    session.dispose();
    expect(channel?.listenerCount('update_balance')).toBe(0);
  });

  it('follows the absolute balance of update_balance, whatever the delta says', () => {
    const wallet = session.use(walletFeature);
    expect(wallet.balance.value).toBe(20);
    transport.channel?.serverEmit('update_balance', { token: 5, balance: 125.5 });
    expect(wallet.balance.value).toBe(125.5);
    expect(session.user.current.value?.balance).toBe(125.5);
    // A lost or repeated event does not drift: the next absolute value puts it right.
    transport.channel?.serverEmit('update_balance', { token: -10, balance: 115.5 });
    transport.channel?.serverEmit('update_balance', { token: -10, balance: 115.5 });
    expect(wallet.balance.value).toBe(115.5);
  });

  it("ignores a creator's earnings account: only the wallet's own updates move the balance", () => {
    const wallet = session.use(walletFeature);
    const credits: number[] = [];
    wallet.onCredit((update) => credits.push(update.delta));
    transport.channel?.serverEmit('update_balance', { token: 30, balance: 530, account: 'earnings' });
    expect(wallet.balance.value).toBe(20);
    transport.channel?.serverEmit('update_balance', { token: 5, balance: 25, account: 'wallet' });
    expect(wallet.balance.value).toBe(25);
    expect(credits).toEqual([5]);
  });

  it('falls back to the delta, in cents, when the server sends no balance; ignores junk', () => {
    const wallet = session.use(walletFeature);
    transport.channel?.serverEmit('update_balance', { token: 0.1 });
    transport.channel?.serverEmit('update_balance', { token: 0.2 });
    expect(wallet.balance.value).toBe(20.3);
    transport.channel?.serverEmit('update_balance', { token: 'lots' });
    transport.channel?.serverEmit('update_balance', null);
    expect(wallet.balance.value).toBe(20.3);
  });

  it('tells credit listeners about credits only', () => {
    const wallet = session.use(walletFeature);
    const credits: number[] = [];
    const off = wallet.onCredit((update) => credits.push(update.delta));
    transport.channel?.serverEmit('update_balance', { token: -5, balance: 15 });
    transport.channel?.serverEmit('update_balance', { token: 25, balance: 40 });
    off();
    transport.channel?.serverEmit('update_balance', { token: 1, balance: 41 });
    expect(credits).toEqual([25]);
  });

  it('reads payloads defensively', () => {
    expect(readBalanceUpdate({ balance: 10 }, 4)).toEqual({ balance: 10, delta: 6 });
    expect(readBalanceUpdate({ token: '3' }, 4)).toEqual({ balance: 7, delta: 3 });
    expect(readBalanceUpdate({ token: 3 }, null)).toBeNull();
    expect(readBalanceUpdate('x', 4)).toBeNull();
  });
});

describe('top-up model: one pay per request, keys kept only for retries of the same request', () => {
  const flow = () => new TopUpModel(session, session.use(walletFeature), { intervalMs: 60_000 });

  it('sends the top-up as one pay of the topup action and follows the PIX', async () => {
    transport.respondPay('topup', ok(pendingTransaction({ _id: 'tx-9', amount: 25, tokens: 25 })));
    const model = flow();
    const outcome = await model.topUp({ amount: 25, paymentGateway: 'pix-sandbox' });
    expect(outcome.ok).toBe(true);
    expect(transport.payCalls).toHaveLength(1);
    expect(transport.payCalls[0]?.request).toMatchObject({ action: 'topup', params: {}, body: { amount: 25, paymentGateway: 'pix-sandbox' } });
    expect(model.state.value).toMatchObject({ step: 'paying', status: 'pending' });
    transport.channel?.serverEmit('payment_status_callback', { redirectUrl: 'http://platform.test/payment/success?transactionId=tx-9' });
    expect(model.state.value).toMatchObject({ step: 'paying', status: 'paid' });
  });

  it('reuses the key after no answer, a 5xx or a 409 in progress, and takes a new one for another amount or after a final answer', async () => {
    const answers = [
      fail(0, undefined),
      fail(503, { statusCode: 503, code: 'server.error', message: 'x', error: 'x' }),
      fail(409, { statusCode: 409, code: 'idempotency.in_progress', message: 'x', error: 'x' }),
      fail(422, { statusCode: 422, code: 'payment.topup_out_of_range', message: 'x', error: 'x' }),
      fail(422, { statusCode: 422, code: 'payment.topup_out_of_range', message: 'x', error: 'x' }),
    ];
    transport.respondPay('topup', () => answers.shift() ?? fail(500, undefined));
    const model = flow();
    await model.topUp({ amount: 25 });
    expect(model.state.value).toMatchObject({ step: 'failed', retryable: true });
    await model.topUp({ amount: 25 });
    await model.topUp({ amount: 25 });
    await model.topUp({ amount: 25 });
    expect(model.state.value).toMatchObject({ step: 'failed', retryable: false });
    await model.topUp({ amount: 25 });
    const keys = transport.payCalls.map((call) => call.request.idempotencyKey);
    expect(new Set(keys.slice(0, 4)).size).toBe(1);
    expect(keys[4]).not.toBe(keys[3]);

    answers.push(fail(0, undefined), fail(0, undefined));
    await model.topUp({ amount: 25 });
    await model.topUp({ amount: 30 });
    const [same, other] = transport.payCalls.slice(-2).map((call) => call.request.idempotencyKey);
    expect(other).not.toBe(same);
  });

  it('a decline sends nothing and goes back to the form', async () => {
    let sent = 0;
    transport.respondPay('topup', () => {
      sent += 1;
      return ok(pendingTransaction());
    });
    transport.confirmPay = () => false;
    const model = flow();
    const outcome = await model.topUp({ amount: 25 });
    expect(outcome.ok).toBe(false);
    expect(sent).toBe(0);
    expect(transport.payCalls[0]?.confirmed).toBe(false);
    expect(model.state.value).toEqual({ step: 'declined' });
  });

  it('sends an applied coupon only with the amount it was applied to', async () => {
    transport.respond('POST', '/coupons/SAVE10/apply-coupon', ok({ code: 'SAVE10', discount: 5, amountToPay: 45, amount: 50 }));
    transport.respondPay('topup', ok(pendingTransaction()));
    const model = flow();
    await model.applyCoupon('SAVE10', 50);
    expect(model.toPay(50)).toBe(45);
    await model.topUp({ amount: 50 });
    expect(transport.payCalls[0]?.request.body).toEqual({ amount: 50, couponCode: 'SAVE10' });
    model.amountChanged(60);
    expect(model.coupon.value).toEqual({ status: 'none' });
  });
});
