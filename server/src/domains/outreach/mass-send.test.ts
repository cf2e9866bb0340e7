import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { follows, jobs, massMessages, messages } from '../../db/schema/index.js';
import { settableClock } from '../subscriptions/subscriptions-test-kit.js';
import { defineMassSendJob, MASS_BATCH, MASS_QUEUE, massKey, runMassBatch } from './mass-send.job.js';
import { blockAll, bulkFans, call, countingSend, followAll, recipientsOf, signedIn, subscribeAll, withOutreachTestApp, type OutreachTestApp } from './outreach-test-kit.js';

const clock = settableClock(new Date('2027-03-10T12:00:00.000Z'));
let t: OutreachTestApp;
withOutreachTestApp((app) => (t = app), clock.now);

const massRow = async (id: string) => (await t.ctx.db.select().from(massMessages).where(eq(massMessages.id, id)))[0]!;
const pendingJobs = async (id: string) =>
  (await t.ctx.db.select().from(jobs).where(eq(jobs.singletonKey, massKey(id)))).filter((j) => j.status === 'queued' || j.status === 'running');

/** A creator with 1,000 active subscribers of whom 3 are blocked, plus fans who must not get it. */
async function creatorWithThousandFans() {
  const creator = await signedIn(t, { role: 'performer' });
  const fans = await bulkFans(t.ctx, 1000);
  await subscribeAll(t.ctx, creator.user.id, fans);
  const blocked = [fans[5]!, fans[500]!, fans[999]!];
  await blockAll(t.ctx, creator.user.id, blocked);
  // Neither a lapsed subscriber nor a mere follower is a subscriber.
  const lapsed = await bulkFans(t.ctx, 4);
  await subscribeAll(t.ctx, creator.user.id, lapsed, { expired: true });
  await followAll(t.ctx, creator.user.id, await bulkFans(t.ctx, 3));
  const expected = fans.filter((id) => !blocked.includes(id));
  return { creator, fans, blocked, lapsed, expected };
}

async function createMass(token: string, body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/mass-message', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { _id: string; status: string };
}

describe('sending a mass message by the durable job', () => {
  it('reaches 997 of 1,000 subscribers (3 blocked) once each, in batches, even when run again after it finished', async () => {
    const { creator, blocked, lapsed, expected } = await creatorWithThousandFans();
    const counting = countingSend(t.messaging.sendDirect);
    defineMassSendJob(t.ctx, counting.send);
    const mass = await createMass(creator.token, { text: 'Olá a todos', audience: { kind: 'subscribers' } });
    expect(mass.status).toBe('scheduled');

    // One run per batch of 200, each handing its key to the next.
    expect(await t.ctx.jobs.drain()).toBe(Math.ceil(expected.length / MASS_BATCH));
    const recipients = await recipientsOf(t.ctx, mass._id);
    expect(recipients).toEqual(expected);
    expect(recipients.some((id) => blocked.includes(id) || lapsed.includes(id))).toBe(false);
    expect(counting.stats).toMatchObject({ calls: 997, created: 997 });
    const row = await massRow(mass._id);
    expect(row).toMatchObject({ status: 'sent', recipientsCount: 997 });
    expect(row.sentAt).toEqual(clock.now());
    expect(await pendingJobs(mass._id)).toHaveLength(0);

    // The job run once more (a duplicate delivery) sends nothing.
    await t.ctx.jobs.enqueue(t.ctx.db, MASS_QUEUE, { massId: mass._id, after: null });
    expect(await t.ctx.jobs.drain()).toBe(1);
    expect(counting.stats.calls).toBe(997);
    expect(await recipientsOf(t.ctx, mass._id)).toHaveLength(997);
    // The fans were told live; the blocked ones were not.
    const told = new Set(t.realtime.events.filter((e) => e.event === 'message_created').map((e) => e.userId));
    expect(expected.every((id) => told.has(id))).toBe(true);
    expect(blocked.some((id) => told.has(id))).toBe(false);
  });

  it('a worker killed between batches, and one killed mid-batch, leave no fan with two copies', async () => {
    const { creator, expected } = await creatorWithThousandFans();
    // Dies on the 650th send: 200 by hand, 200 again from the start, 200 of batch two, then 49 of batch three.
    const counting = countingSend(t.messaging.sendDirect, { failAt: 650 });
    defineMassSendJob(t.ctx, counting.send);
    const mass = await createMass(creator.token, { text: 'Promoção', audience: { kind: 'subscribers' } });

    // A worker ran the first batch, then died before handing over: its job is still queued from the start.
    expect(await runMassBatch(t.ctx, counting.send, mass._id, null)).toEqual({ kind: 'more', after: expected[MASS_BATCH - 1] });
    expect(await recipientsOf(t.ctx, mass._id)).toHaveLength(MASS_BATCH);
    expect((await massRow(mass._id)).status).toBe('sending');
    const editing = await call(t.app, 'PUT', `/mass-message/${mass._id}`, creator.token, { text: 'changed' });
    expect(editing.json()).toMatchObject({ statusCode: 422, code: 'mass_messages.not_editable' });

    // The queued job starts over: batch one again (nothing new), batch two, then dies mid-batch three.
    await t.ctx.jobs.drain();
    const afterCrash = await recipientsOf(t.ctx, mass._id);
    expect(afterCrash.length).toBe(449);
    expect(new Set(afterCrash).size).toBe(afterCrash.length);
    const [retry] = await pendingJobs(mass._id);
    expect(retry).toMatchObject({ status: 'queued', attempts: 1, payload: { massId: mass._id, after: expected[2 * MASS_BATCH - 1] } });

    // Retried after its backoff: the rest, each fan once.
    clock.advance(60_000);
    await t.ctx.jobs.drain();
    expect(await recipientsOf(t.ctx, mass._id)).toEqual(expected);
    expect(counting.stats.created).toBe(997);
    expect(await massRow(mass._id)).toMatchObject({ status: 'sent', recipientsCount: 997 });
    const copies = await t.ctx.db.select({ clientId: messages.clientId }).from(messages).where(eq(messages.massId, mass._id));
    expect(copies.every((c) => c.clientId.startsWith(`mass-${mass._id}-`))).toBe(true);
  });

  it('waits for scheduledAt; a scheduled message may change its time meanwhile, and the job follows', async () => {
    const creator = await signedIn(t, { role: 'performer' });
    const fans = await bulkFans(t.ctx, 3);
    await followAll(t.ctx, creator.user.id, fans);
    const inAnHour = new Date(clock.now().getTime() + 3_600_000);
    const mass = await createMass(creator.token, { text: 'Live hoje', audience: { kind: 'followers' }, scheduledAt: inAnHour.toISOString() });
    expect(await t.ctx.jobs.drain()).toBe(0);
    clock.advance(3_599_000);
    expect(await t.ctx.jobs.drain()).toBe(0);
    expect((await massRow(mass._id)).status).toBe('scheduled');

    // Moved a day later: nothing at the first time, sent at the new one.
    const tomorrow = new Date(inAnHour.getTime() + 86_400_000);
    const moved = await call(t.app, 'PUT', `/mass-message/${mass._id}`, creator.token, { scheduledAt: tomorrow.toISOString() });
    expect(moved.json().data).toMatchObject({ status: 'scheduled', scheduledAt: tomorrow.toISOString() });
    clock.set(inAnHour);
    expect(await t.ctx.jobs.drain()).toBe(0);
    expect(await recipientsOf(t.ctx, mass._id)).toHaveLength(0);
    clock.set(tomorrow);
    expect(await t.ctx.jobs.drain()).toBe(1);
    expect(await recipientsOf(t.ctx, mass._id)).toEqual(fans);
    expect(await massRow(mass._id)).toMatchObject({ status: 'sent', recipientsCount: 3 });
  });

  it('an early run of a scheduled message sends nothing and waits again', async () => {
    const creator = await signedIn(t, { role: 'performer' });
    await followAll(t.ctx, creator.user.id, await bulkFans(t.ctx, 2));
    const at = new Date(clock.now().getTime() + 600_000);
    const mass = await createMass(creator.token, { text: 'Já já', audience: { kind: 'followers' }, scheduledAt: at.toISOString() });
    expect(await runMassBatch(t.ctx, t.messaging.sendDirect, mass._id, null)).toEqual({ kind: 'not_due', at });
    expect((await massRow(mass._id)).status).toBe('scheduled');
    expect(await recipientsOf(t.ctx, mass._id)).toHaveLength(0);
  });

  it('sends to the members of the creator’s lists who still follow or subscribed, each once across lists', async () => {
    const creator = await signedIn(t, { role: 'performer' });
    const [a, b, c, d] = await bulkFans(t.ctx, 4);
    await followAll(t.ctx, creator.user.id, [a!, b!, c!]);
    await subscribeAll(t.ctx, creator.user.id, [d!], { expired: true });
    const list = async (name: string, userIds: string[]) => (await call(t.app, 'POST', '/list-categorized', creator.token, { name, userIds })).json().data._id as string;
    const vip = await list('VIP', [a!, b!]);
    const fiel = await list('Fiéis', [b!, c!, d!]);
    // c stops following and never subscribed: left out; d's subscription lapses: still a fan who subscribed.
    await t.ctx.db.delete(follows).where(eq(follows.followerId, c!));
    const mass = await createMass(creator.token, { text: 'Só para vocês', audience: { kind: 'lists', listIds: [vip, fiel] } });
    await t.ctx.jobs.drain();
    expect(await recipientsOf(t.ctx, mass._id)).toEqual([a!, b!, d!].sort());
  });
});
