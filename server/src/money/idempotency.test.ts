import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/helpers.js';
import type { Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { accountKeys } from './ledger/accounts.js';
import { balanceOf, postMovement } from './ledger/ledger.js';
import { unprocessable } from '../http/errors.js';
import {
  ALREADY_USED,
  canonicalJson,
  requestHash,
  runIdempotent,
  STILL_RUNNING,
  type IdempotentRequest,
  type Outcome,
} from './idempotency.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const request = (userId: string, key: string | undefined, body: unknown = { price: 1 }): IdempotentRequest => ({
  userId,
  key,
  method: 'POST',
  path: '/api/test/pay',
  body,
});

/** Work that moves one cent from the user's wallet to the platform and counts its runs. */
function spendOneCent(userId: string) {
  const work = async (tx: Tx): Promise<Outcome<{ n: number }>> => {
    work.runs += 1;
    await postMovement(tx, {
      kind: 'test',
      referenceType: 'test',
      referenceId: userId,
      postings: [
        { account: accountKeys.wallet(userId), amountCents: -1 },
        { account: accountKeys.platform(), amountCents: 1 },
      ],
    });
    return { statusCode: 201, body: { n: work.runs } };
  };
  work.runs = 0;
  return work;
}

describe('canonical request hash', () => {
  it('ignores key order and undefined fields, but not values, paths or methods', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } })).toBe('{"a":{"d":[1,{"x":1,"y":2}]},"b":1}');
    const base = { method: 'POST', path: '/a', body: { x: 1, y: 'z' } };
    expect(requestHash(base)).toBe(requestHash({ ...base, body: { y: 'z', x: 1 } }));
    expect(requestHash(base)).not.toBe(requestHash({ ...base, body: { x: 2, y: 'z' } }));
    expect(requestHash(base)).not.toBe(requestHash({ ...base, path: '/b' }));
    expect(requestHash(base)).not.toBe(requestHash({ ...base, method: 'PUT' }));
  });
});

describe('runIdempotent', () => {
  it('runs work without a key every time', async () => {
    const user = await createUser(t.ctx, { balanceCents: 10 });
    const work = spendOneCent(user.id);
    await runIdempotent(t.ctx.db, request(user.id, undefined), work);
    await runIdempotent(t.ctx.db, request(user.id, undefined), work);
    expect(work.runs).toBe(2);
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(user.id))).toBe(8);
  });

  it('replays the first answer and refuses the key for another request', async () => {
    const user = await createUser(t.ctx, { balanceCents: 10 });
    const work = spendOneCent(user.id);
    const first = await runIdempotent(t.ctx.db, request(user.id, 'a'), work);
    const again = await runIdempotent(t.ctx.db, request(user.id, 'a'), work);
    expect(first).toEqual({ statusCode: 201, body: { n: 1 }, replayed: false });
    expect(again).toEqual({ statusCode: 201, body: { n: 1 }, replayed: true });
    await expect(runIdempotent(t.ctx.db, request(user.id, 'a', { price: 2 }), work)).rejects.toMatchObject({ statusCode: 422, message: ALREADY_USED });
    expect(work.runs).toBe(1);
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(user.id))).toBe(9);
  });

  it('stores a business refusal as the answer, but releases the key after an unexpected failure', async () => {
    const user = await createUser(t.ctx, { balanceCents: 10 });
    let runs = 0;
    const refuse = async () => {
      runs += 1;
      throw unprocessable('wallet.tip_out_of_range', 'No, and still no');
    };
    await expect(runIdempotent(t.ctx.db, request(user.id, 'r'), refuse)).rejects.toMatchObject({ statusCode: 422, code: 'wallet.tip_out_of_range', message: 'No, and still no' });
    await expect(runIdempotent(t.ctx.db, request(user.id, 'r'), refuse)).rejects.toMatchObject({
      statusCode: 422,
      code: 'wallet.tip_out_of_range',
      message: 'No, and still no',
      headers: { 'idempotent-replayed': 'true' },
    });
    expect(runs).toBe(1);

    const crash = async (): Promise<Outcome<null>> => {
      throw new Error('database went away');
    };
    await expect(runIdempotent(t.ctx.db, request(user.id, 'c'), crash)).rejects.toThrow('database went away');
    expect(await t.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'c'))).toHaveLength(0);
    const work = spendOneCent(user.id);
    expect((await runIdempotent(t.ctx.db, request(user.id, 'c'), work)).replayed).toBe(false);
    expect(work.runs).toBe(1);
  });

  it('takes over a key abandoned by a dead request after the lease', async () => {
    const user = await createUser(t.ctx, { balanceCents: 10 });
    const req = request(user.id, 'stale');
    await t.ctx.db.insert(idempotencyKeys).values({ userId: user.id, key: 'stale', requestHash: requestHash(req), owner: 'dead', lockedAt: new Date(Date.now() - 3_600_000) });
    const work = spendOneCent(user.id);
    expect(await runIdempotent(t.ctx.db, req, work, { leaseMs: 60_000 })).toMatchObject({ statusCode: 201, replayed: false });
    expect(work.runs).toBe(1);
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(user.id))).toBe(9);
  });

  it('answers 409 while another live request holds the key', async () => {
    const user = await createUser(t.ctx, { balanceCents: 10 });
    const req = request(user.id, 'busy');
    await t.ctx.db.insert(idempotencyKeys).values({ userId: user.id, key: 'busy', requestHash: requestHash(req), owner: 'alive' });
    await expect(runIdempotent(t.ctx.db, req, spendOneCent(user.id), { maxWaitMs: 50 })).rejects.toMatchObject({ statusCode: 409, message: STILL_RUNNING });
  });

  it('rolls the work back when its claim was taken over meanwhile, and the money moves once', async () => {
    const user = await createUser(t.ctx, { balanceCents: 10 });
    const inner = spendOneCent(user.id);
    let stolen = false;
    const work = async (tx: Tx) => {
      const out = await inner(tx);
      if (!stolen) {
        // Another process took the key over after the lease, before this one finished.
        stolen = true;
        await tx.update(idempotencyKeys).set({ owner: 'thief', lockedAt: new Date(0) }).where(eq(idempotencyKeys.key, 'lost'));
      }
      return out;
    };
    const answer = await runIdempotent(t.ctx.db, request(user.id, 'lost'), work, { leaseMs: 1 });
    expect(answer.replayed).toBe(false);
    expect(inner.runs).toBe(2);
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(user.id))).toBe(9);
  });
});
