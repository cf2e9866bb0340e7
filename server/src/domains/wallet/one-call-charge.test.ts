import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pgliteClientOf } from '../../db/client.js';
import { testDatabaseKind } from '../../../test/databases.js';
import { idempotencyKeys, jobs, messages, notifications, walletCharges } from '../../db/schema/index.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { INSUFFICIENT_BALANCE } from '../../money/ledger/ledger.js';
import { DELIVERY_QUEUE } from '../notifications/notifications.extension.js';
import { AUTO_QUEUE } from '../outreach/auto-send.job.js';
import { call, signedIn, withOutreachTestApp, type OutreachTestApp } from '../outreach/outreach-test-kit.js';
import { tokenCacheOf } from '../auth/token-cache.js';
import { freshKey, referralOf, setReferrer, tip, walletOf } from './wallet-test-kit.js';

let t: OutreachTestApp;
withOutreachTestApp((app) => (t = app));

/** Every statement the embedded database is sent while `run` runs, in order. */
async function statementsDuring<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const client = pgliteClientOf(t.ctx.db)!;
  const statements: string[] = [];
  const spied = ['query', 'exec', 'transaction'] as const;
  const originals = spied.map((name) => client[name]);
  spied.forEach((name, i) => {
    const original = originals[i] as (...args: unknown[]) => unknown;
    (client as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      statements.push(name === 'transaction' ? 'BEGIN (transaction)' : String(args[0]));
      return original.apply(client, args);
    };
  });
  try {
    return { result: await run(), statements };
  } finally {
    spied.forEach((name, i) => ((client as unknown as Record<string, unknown>)[name] = originals[i]));
  }
}

const creator = () => signedIn(t, { role: 'performer' });
const fan = (balanceCents = 100_000) => signedIn(t, { balanceCents });

describe('a tip in one round trip', () => {
  // Counted on the embedded database, whose one connection carries every statement in order;
  // on PostgreSQL the pool serves the job runner at the same time, so a count there would
  // include its polls. The rest of this file runs on both.
  it.skipIf(testDatabaseKind() === 'postgres')('sends the database the auth lookup and one statement before the answer, and no transaction; the next tip only the statement', async () => {
    const { user: paid } = await creator();
    const { user: payer, token } = await fan();
    // The session cache's own set-up (once per database) is not the tip's.
    await tokenCacheOf(t.ctx.db);
    const { result: res, statements } = await statementsDuring(() => tip(t.app, token, paid.id, { price: 10, message: 'obrigado' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/from "auth_tokens"/);
    expect(statements[1]).toMatch(/^select money_charge\(/);
    // The verified session is remembered (auth/token-cache.ts): the next tip is the one statement.
    const again = await statementsDuring(() => tip(t.app, token, paid.id, { price: 20 }));
    expect(again.result.statusCode, again.result.body).toBe(200);
    expect(again.statements).toHaveLength(1);
    expect(again.statements[0]).toMatch(/^select money_charge\(/);
    // The same request through the bare-insert yardstick's stack costs the same auth lookup.
    const [charge] = await t.ctx.db.select().from(walletCharges).where(and(eq(walletCharges.userId, payer.id), eq(walletCharges.priceCents, 1000)));
    expect(charge).toMatchObject({ performerId: paid.id, priceCents: 1000, earningsCents: 800, platformCents: 200, message: 'obrigado' });
    expect(res.json().data).toMatchObject({ _id: charge!.id, price: 10, totalPrice: 10, targetId: paid.id, sourceId: payer.id, products: [] });
    expect(res.json().data.createdAt).toBe(charge!.createdAt.toISOString());
    expect(await walletOf(t.ctx, payer.id)).toBe(97_000);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('stores the answer with the charge: a retry replays it and charges nothing more', async () => {
    const { user: paid } = await creator();
    const { user: payer, token } = await fan();
    const key = freshKey('one-call');
    const first = await tip(t.app, token, paid.username!, { price: 12.5 }, key);
    expect(first.statusCode, first.body).toBe(200);
    const [stored] = await t.ctx.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, payer.id), eq(idempotencyKeys.key, key)));
    expect(stored).toMatchObject({ state: 'completed', responseStatus: 200 });
    expect(JSON.parse(stored!.responseBody!)).toEqual(first.json());
    const again = await tip(t.app, token, paid.username!, { price: 12.5 }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await tip(t.app, token, paid.username!, { price: 13 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency.key_reused');
    expect(await t.ctx.db.select().from(walletCharges).where(eq(walletCharges.userId, payer.id))).toHaveLength(1);
    expect(await walletOf(t.ctx, payer.id)).toBe(100_000 - 1250);
  });

  it('charges once for concurrent requests with one key', async () => {
    const { user: paid } = await creator();
    const { user: payer, token } = await fan();
    const key = freshKey('one-call-race');
    const answers = await Promise.all(Array.from({ length: 4 }, () => tip(t.app, token, paid.id, { price: 10 }, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().data._id)).size).toBe(1);
    expect(await t.ctx.db.select().from(walletCharges).where(eq(walletCharges.userId, payer.id))).toHaveLength(1);
    expect(await walletOf(t.ctx, payer.id)).toBe(99_000);
  });

  it('pays one person who referred both the creator and the fan both shares, on one referral account', async () => {
    const { user: paid } = await creator();
    const { user: payer, token } = await fan(10_000);
    const referrer = await signedIn(t);
    await setReferrer(t.ctx, paid.id, referrer.user.id);
    await setReferrer(t.ctx, payer.id, referrer.user.id);
    const send = () => tip(t.app, token, paid.id, { price: 33.33 });
    // On the embedded database: answered by the statement itself, with no usual-path transaction after it.
    const res = testDatabaseKind() === 'pglite' ? await statementsDuring(send).then(({ result, statements }) => {
      expect(statements.filter((s) => s.startsWith('BEGIN'))).toEqual([]);
      return result;
    }) : await send();
    expect(res.statusCode, res.body).toBe(200);
    // 33.33 at 0.2 / 0.05 / 0.02: the creator 2666, the referrer 166 + 66, the platform 435.
    const [charge] = await t.ctx.db.select().from(walletCharges).where(eq(walletCharges.userId, payer.id));
    expect(charge).toMatchObject({ priceCents: 3333, earningsCents: 2666, platformCents: 435, referralCents: 232 });
    expect(await referralOf(t.ctx, referrer.user.id)).toBe(232);
    expect(await walletOf(t.ctx, payer.id)).toBe(10_000 - 3333);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('refuses a short balance with the usual code, moves nothing and replays the refusal', async () => {
    const { user: paid } = await creator();
    const { user: payer, token } = await fan(999);
    const key = freshKey('one-call-short');
    const res = await tip(t.app, token, paid.id, { price: 10 }, key);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'wallet.insufficient_balance', message: INSUFFICIENT_BALANCE });
    const again = await tip(t.app, token, paid.id, { price: 10 }, key);
    expect(again.statusCode).toBe(422);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await walletOf(t.ctx, payer.id)).toBe(999);
    expect(await t.ctx.db.select().from(walletCharges).where(eq(walletCharges.userId, payer.id))).toHaveLength(0);
    expect(await t.ctx.db.select().from(notifications).where(eq(notifications.userId, paid.id))).toHaveLength(0);
  });
});

describe('what follows a tip', () => {
  it('is stored in the tip’s own commit: the notification, and its delivery job that sends the automatic message', async () => {
    const { user: paid, token: creatorToken } = await creator();
    expect((await call(t.app, 'POST', '/auto-messages', creatorToken, { trigger: 'tip', text: 'Valeu pela gorjeta!' })).statusCode).toBe(200);
    const { user: payer, token } = await fan();
    const res = await tip(t.app, token, paid.id, { price: 10 });
    expect(res.statusCode, res.body).toBe(200);

    // Nothing ran after the answer yet (jobs are not started in tests): both rows came with the charge.
    const [note] = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, paid.id));
    expect(note).toMatchObject({ type: 'tip.received', data: { actorId: payer.id, amount: 10, chargeId: res.json().data._id, actorName: payer.name } });
    const queued = await t.ctx.db.select().from(jobs).where(eq(jobs.queue, DELIVERY_QUEUE));
    expect(queued.map((j) => j.payload)).toEqual([{ notificationId: note!.id }]);
    expect(t.realtime.events.some((e) => e.event === 'send_notification' && e.userId === paid.id)).toBe(true);

    // A process that died after the commit loses nothing: any worker runs the delivery, then the message.
    expect(await t.ctx.jobs.drain()).toBe(2);
    expect(await t.ctx.db.select().from(jobs).where(eq(jobs.queue, AUTO_QUEUE))).toHaveLength(1);
    const sent = await t.ctx.db.select().from(messages).where(eq(messages.senderId, paid.id));
    expect(sent.map((m) => m.text)).toEqual(['Valeu pela gorjeta!']);
  });

  it('queues no job when nobody is to be pushed or answered', async () => {
    const { user: paid } = await creator();
    const { token } = await fan();
    expect((await tip(t.app, token, paid.id, { price: 10 })).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(notifications).where(eq(notifications.userId, paid.id))).toHaveLength(1);
    expect(await t.ctx.db.select().from(jobs)).toHaveLength(0);
  });
});
