import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { feedCrowdfunding, feedCrowdfundingBackers, userBlocks, walletCharges } from '../../db/schema/index.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { balanceOf } from '../../money/ledger/ledger.js';
import { checkLedger } from '../../money/ledger/invariant.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Goal = { _id: string; title: string; description: string; goal: number; raised: number; contributors: number; reached: boolean };
type Feed = { _id: string; type: string; crowdfunding: Goal | null; poll: unknown };

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, ...(payload !== undefined ? { payload: payload as object } : {}), headers: { ...headers, ...(token ? { authorization: token } : {}) } });
const contribute = (token: string, goalId: string, price: unknown, key: string) => call('POST', `/api/wallet/charges/crowdfunding/${goalId}`, token, { price }, { 'idempotency-key': key });

async function creatorWithGoal(goal: unknown = 100, post: Record<string, unknown> = {}) {
  const creator = await createUser(t.ctx, { role: 'performer' });
  const token = await signIn(t.app, creator.email);
  const created = await call('POST', '/api/performer/feeds/crowdfunding', token, { title: 'Novo equipamento', description: 'Uma câmera nova', goal });
  expect(created.statusCode, created.body).toBe(200);
  const goalDto = created.json().data as Goal;
  const published = await call('POST', '/api/performer/feeds', token, { type: 'crowdfunding', text: 'Ajudem!', crowdfundingId: goalDto._id, ...post });
  expect(published.statusCode, published.body).toBe(200);
  return { creator, token, goal: goalDto, feed: published.json().data as Feed };
}

async function fan(balanceCents = 100_000) {
  const user = await createUser(t.ctx, { balanceCents });
  return { user, token: await signIn(t.app, user.email) };
}

describe('crowdfunding', () => {
  it('takes contributions through the wallet; raised and contributors are exact under concurrency; retries count once', async () => {
    const { creator, goal, feed } = await creatorWithGoal('100.00');
    expect(goal).toMatchObject({ title: 'Novo equipamento', description: 'Uma câmera nova', goal: 100, raised: 0, contributors: 0, reached: false });
    expect(feed.crowdfunding).toEqual(goal);
    expect(feed.poll).toBeNull();

    const fans = await Promise.all([fan(), fan(), fan(), fan()]);
    // 20 contributions at once: five from each of four fans, 1.00 to 5.00 each, with 0.01s to check cents.
    const calls = fans.flatMap((f, i) => Array.from({ length: 5 }, (_, j) => ({ f, key: `cf-${i}-${j}`, cents: (j + 1) * 100 + i })));
    const answers = await Promise.all(calls.map((c) => contribute(c.f.token, goal._id, (c.cents / 100).toFixed(2), c.key)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const total = calls.reduce((sum, c) => sum + c.cents, 0);
    // A retry with a used key replays its answer and moves nothing.
    const replay = await contribute(fans[0]!.token, goal._id, (calls[0]!.cents / 100).toFixed(2), calls[0]!.key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');

    const [stored] = await t.ctx.db.select().from(feedCrowdfunding).where(eq(feedCrowdfunding.id, goal._id));
    expect(stored).toMatchObject({ raisedCents: total, contributors: 4 });
    const backers = await t.ctx.db.select().from(feedCrowdfundingBackers).where(eq(feedCrowdfundingBackers.crowdfundingId, goal._id));
    expect(backers.map((b) => b.amountCents).sort((a, b) => a - b)).toEqual(
      fans.map((_, i) => calls.filter((c) => c.key.startsWith(`cf-${i}-`)).reduce((s, c) => s + c.cents, 0)).sort((a, b) => a - b),
    );
    const charges = await t.ctx.db.select().from(walletCharges).where(eq(walletCharges.targetId, goal._id));
    expect(charges).toHaveLength(20);
    expect(charges.every((c) => c.target === 'crowdfunding' && c.performerId === creator.id)).toBe(true);
    for (const [i, f] of fans.entries()) {
      const spent = calls.filter((c) => c.key.startsWith(`cf-${i}-`)).reduce((s, c) => s + c.cents, 0);
      expect(await balanceOf(t.ctx.db, accountKeys.wallet(f.user.id))).toBe(100_000 - spent);
    }

    const seen = (await call('GET', `/api/user/feeds/${feed._id}`, fans[0]!.token)).json().data as Feed;
    expect(seen.crowdfunding).toEqual({ ...goal, raised: total / 100, contributors: 4, reached: total >= 10_000 });
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('marks a goal reached, and keeps taking contributions', async () => {
    const { goal, feed } = await creatorWithGoal(5);
    const f = await fan();
    // The confirm dialog presents it as a contribution (not a tip), for the amount the fan chose.
    const quoted = await t.app.inject({ method: 'POST', url: `/api/wallet/charges/crowdfunding/${goal._id}/quote`, headers: { authorization: f.token }, payload: { price: 5 } });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().data).toMatchObject({ action: 'charge:crowdfunding', kind: 'contribute', price: 5 });
    expect((await contribute(f.token, goal._id, 5, 'reach-1')).statusCode).toBe(200);
    expect((await contribute(f.token, goal._id, 1.5, 'reach-2')).statusCode).toBe(200);
    const seen = (await call('GET', `/api/user/feeds/${feed._id}`, f.token)).json().data as Feed;
    expect(seen.crowdfunding).toMatchObject({ goal: 5, raised: 6.5, contributors: 1, reached: true });
  });

  it('refuses bad amounts, self-contributions, blocked fans, unknown and unpublished goals, and a short balance', async () => {
    const { creator, token: creatorToken, goal } = await creatorWithGoal(50);
    const f = await fan(1_000);
    for (const [price, why] of [[0, 'zero'], [-5, 'negative'], [0.99, 'under 1.00'], ['1.001', 'three decimals'], [10_000.01, 'over the maximum'], ['abc', 'not a number'], [null, 'null']] as const) {
      const res = await contribute(f.token, goal._id, price, `bad-${why}`);
      expect(res.statusCode, why).toBe(400);
      expect(res.json(), why).toMatchObject({ code: 'request.invalid', fields: ['body.price'] });
    }
    const noPrice = await call('POST', `/api/wallet/charges/crowdfunding/${goal._id}`, f.token, {}, { 'idempotency-key': 'bad-missing' });
    expect(noPrice.statusCode).toBe(400);
    // Without a key the body is still judged (existing clients send none): a bad price is a 400, not a charge.
    const noKey = await call('POST', `/api/wallet/charges/crowdfunding/${goal._id}`, f.token, { price: 'abc' });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ code: 'request.invalid', fields: ['body.price'] });

    const self = await contribute(creatorToken, goal._id, 5, 'self-1');
    expect(self.statusCode).toBe(422);
    expect(self.json().code).toBe('wallet.self_purchase');

    const short = await contribute(f.token, goal._id, 20, 'short-1');
    expect(short.statusCode).toBe(422);
    expect(short.json().code).toBe('wallet.insufficient_balance');

    const blocked = await fan();
    await t.ctx.db.insert(userBlocks).values({ performerId: creator.id, userId: blocked.user.id });
    const refused = await contribute(blocked.token, goal._id, 5, 'blocked-1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('blocks.blocked');

    const loose = (await call('POST', '/api/performer/feeds/crowdfunding', creatorToken, { goal: 10 })).json().data as Goal;
    const draft = await creatorWithGoal(10, { status: 'draft' });
    for (const id of [loose._id, draft.goal._id, '0123456789abcdef01234567']) {
      const res = await contribute(f.token, id, 5, `missing-${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('wallet.item_not_found');
    }
    const paid = await creatorWithGoal(10, { isSale: true, price: 2 });
    const locked = await contribute(f.token, paid.goal._id, 5, 'locked-1');
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe('content.locked');

    const [stored] = await t.ctx.db.select().from(feedCrowdfunding).where(eq(feedCrowdfunding.id, goal._id));
    expect(stored).toMatchObject({ raisedCents: 0, contributors: 0 });
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(f.user.id))).toBe(1_000);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('validates goals and their posts', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    const token = await signIn(t.app, creator.email);
    for (const body of [{}, { goal: 0.99 }, { goal: -1 }, { goal: '1.234' }, { goal: 10 ** 7 }, { goal: 5, title: 'x'.repeat(201) }]) {
      const res = await call('POST', '/api/performer/feeds/crowdfunding', token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('request.invalid');
    }
    const goal = (await call('POST', '/api/performer/feeds/crowdfunding', token, { goal: 1 })).json().data as Goal;
    expect(goal).toMatchObject({ title: '', description: '', goal: 1, raised: 0 });
    expect((await call('POST', '/api/performer/feeds', token, { type: 'crowdfunding' })).json().code).toBe('feeds.crowdfunding_invalid');
    expect((await call('POST', '/api/performer/feeds', token, { type: 'photo', crowdfundingId: goal._id })).statusCode).toBe(422);
    const first = await call('POST', '/api/performer/feeds', token, { type: 'crowdfunding', crowdfundingId: goal._id });
    expect(first.statusCode).toBe(200);
    expect((await call('POST', '/api/performer/feeds', token, { type: 'crowdfunding', crowdfundingId: goal._id })).json().code).toBe('feeds.crowdfunding_invalid');
    expect((await call('PUT', `/api/performer/feeds/${first.json().data._id}`, token, { type: 'poll' })).statusCode).toBe(422);
  });
});
