import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { testDatabaseKind } from '../../../test/databases.js';
import { orders, products, walletCharges } from '../../db/schema/index.js';
import { REPLAYED_HEADER } from '../../money/idempotency.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { chargesOf, earningsOf, freshKey, walletOf } from '../wallet/wallet-test-kit.js';
import type { WalletChargeRow } from '../wallet/charge-handler.js';
import { productHandler } from './product-handler.js';
import { ADDRESS, productsClient } from './products.test-support.js';

let t: TestApp;
let api: ReturnType<typeof productsClient>;
beforeAll(async () => {
  t = await createTestApp();
  api = productsClient(t);
});
afterAll(() => t.close());

const stockOf = async (id: string) => (await t.ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

describe(`product purchases (${testDatabaseKind()})`, () => {
  it('stock 3, ten buyers at once: exactly three orders, seven 409 out_of_stock, balances exact', async () => {
    const creator = await api.creator();
    const shirt = await api.physical(creator.token, { stock: '3', price: '25.00' });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => api.fan(10_000)));
    const answers = await Promise.all(buyers.map((b) => api.buy(b.token, shirt._id, { deliveryAddress: ADDRESS }, null)));

    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    for (const refused of answers.filter((a) => a.statusCode === 409)) expect(refused.json().code).toBe('products.out_of_stock');

    expect(await stockOf(shirt._id)).toBe(0);
    const ids = buyers.map((b) => b.user.id);
    const made = await t.ctx.db.select().from(orders).where(inArray(orders.buyerId, ids));
    expect(made).toHaveLength(3);
    expect(await chargesOf(t.ctx, ids)).toHaveLength(3);
    const wallets = await Promise.all(ids.map((id) => walletOf(t.ctx, id)));
    expect(wallets.filter((w) => w === 10_000 - 2500)).toHaveLength(3);
    expect(wallets.filter((w) => w === 10_000)).toHaveLength(7);
    expect(await earningsOf(t.ctx, creator.user.id)).toBe(3 * 2000);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('a retry with the same Idempotency-Key replays the first answer: one charge, one order, stock taken once', async () => {
    const creator = await api.creator();
    const buyer = await api.fan(10_000);
    const shirt = await api.physical(creator.token, { stock: '5' });
    const key = freshKey('order');
    const body = { quantity: 2, deliveryAddress: ADDRESS };
    const first = await api.buy(buyer.token, shirt._id, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await Promise.all([api.buy(buyer.token, shirt._id, body, key), api.buy(buyer.token, shirt._id, body, key)]);
    for (const replay of again) {
      expect(replay.statusCode).toBe(200);
      expect(replay.headers[REPLAYED_HEADER.toLowerCase()]).toBe('true');
      expect(replay.body).toBe(first.body);
    }
    expect(await stockOf(shirt._id)).toBe(3);
    expect(await walletOf(t.ctx, buyer.user.id)).toBe(10_000 - 5000);
    expect(await t.ctx.db.select().from(orders).where(eq(orders.buyerId, buyer.user.id))).toHaveLength(1);
    // Without a key (an existing client) each request is a fresh purchase.
    expect((await api.buy(buyer.token, shirt._id, body, null)).statusCode).toBe(200);
    expect(await stockOf(shirt._id)).toBe(1);
  });

  it('a short balance is refused and nothing changes: no charge, no order, the stock untouched', async () => {
    const creator = await api.creator();
    const buyer = await api.fan(2000);
    const shirt = await api.physical(creator.token, { stock: '4', price: '25.00' });
    const refused = await api.buy(buyer.token, shirt._id, { deliveryAddress: ADDRESS });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('wallet.insufficient_balance');
    expect(await stockOf(shirt._id)).toBe(4);
    expect(await walletOf(t.ctx, buyer.user.id)).toBe(2000);
    expect(await t.ctx.db.select().from(walletCharges).where(eq(walletCharges.userId, buyer.user.id))).toHaveLength(0);
    expect(await t.ctx.db.select().from(orders).where(eq(orders.buyerId, buyer.user.id))).toHaveLength(0);
    expect(await earningsOf(t.ctx, creator.user.id)).toBe(0);
  });

  it('the quote prices quantity times the unit price and moves nothing', async () => {
    const creator = await api.creator();
    const buyer = await api.fan(10_000);
    const shirt = await api.physical(creator.token, { stock: '4', price: '12.50' });
    const quoted = await api.call('POST', `/api/wallet/charges/product/${shirt._id}/quote`, buyer.token, { quantity: 3, deliveryAddress: ADDRESS });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().data).toMatchObject({ price: 37.5, itemId: shirt._id });
    expect(await stockOf(shirt._id)).toBe(4);
    expect(await walletOf(t.ctx, buyer.user.id)).toBe(10_000);
  });

  it('the stock is taken by a conditional update in the purchase, whatever the price check saw before', async () => {
    // On PostgreSQL purchases run side by side: two may both pass the read-only price check
    // while one item is left. The update in `fulfil` is what decides; here it meets no stock.
    const creator = await api.creator();
    const buyer = await api.fan();
    const shirt = await api.physical(creator.token, { stock: '1' });
    await t.ctx.db.update(products).set({ stock: 0 }).where(eq(products.id, shirt._id));
    const charge = { id: 'no-charge', userId: buyer.user.id, performerId: creator.user.id, targetId: shirt._id, priceCents: 2500 } as WalletChargeRow;
    const attempt = t.ctx.db.transaction((tx) => productHandler.fulfil!(tx, t.ctx, charge, { quantity: 1, deliveryAddress: ADDRESS }));
    await expect(attempt).rejects.toMatchObject({ statusCode: 409, code: 'products.out_of_stock' });
    expect(await stockOf(shirt._id)).toBe(0);
    expect(await t.ctx.db.select().from(orders).where(eq(orders.buyerId, buyer.user.id))).toHaveLength(0);
  });
});
