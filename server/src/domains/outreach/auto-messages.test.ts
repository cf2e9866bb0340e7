import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { jobs, messages, notifications } from '../../db/schema/index.js';
import { AUTO_QUEUE, autoClientId, defineAutoSendJob, onNotification } from './auto-send.job.js';
import { call, countingSend, signedIn, withOutreachTestApp, type OutreachTestApp } from './outreach-test-kit.js';

let t: OutreachTestApp;
withOutreachTestApp((app) => (t = app));

const autoJobs = () => t.ctx.db.select().from(jobs).where(eq(jobs.queue, AUTO_QUEUE));
const sentBy = (creatorId: string) => t.ctx.db.select().from(messages).where(eq(messages.senderId, creatorId));

async function creatorWithAuto(trigger: 'subscribe' | 'tip' | 'follow', text: string, enabled = true) {
  const creator = await signedIn(t, { role: 'performer' });
  const res = await call(t.app, 'POST', '/auto-messages', creator.token, { trigger, text, enabled });
  expect(res.statusCode, res.body).toBe(200);
  return { creator, auto: res.json().data as { _id: string } };
}

describe('automatic messages sent on notifications', () => {
  it('a follow sends the follow message once, even when the listener fires twice and the job runs again', async () => {
    const counting = countingSend(t.messaging.sendDirect);
    defineAutoSendJob(t.ctx, counting.send);
    const { creator, auto } = await creatorWithAuto('follow', 'Obrigada por me seguir!');
    const fan = await signedIn(t);
    expect((await call(t.app, 'POST', `/follows/${creator.user.id}`, fan.token)).statusCode).toBe(200);
    // The follows domain notifies after its commit, without waiting: the listener's job shows up.
    await vi.waitFor(async () => expect(await autoJobs()).toHaveLength(1), { interval: 20 });
    const [notification] = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, creator.user.id), eq(notifications.type, 'follow.created')));
    const record = { id: notification!.id, userId: notification!.userId, type: 'follow.created' as const, data: notification!.data };

    // The same notification delivered again while its job waits: still one job.
    await onNotification(t.ctx, record);
    expect(await autoJobs()).toHaveLength(1);
    expect(await t.ctx.jobs.drain()).toBe(1);
    const sent = await sentBy(creator.user.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ text: 'Obrigada por me seguir!', autoMessageId: auto._id, clientId: autoClientId(auto._id, notification!.id), massId: null });
    const told = t.realtime.events.filter((e) => e.event === 'message_created' && e.userId === fan.user.id);
    expect(told).toHaveLength(1);

    // And once more after its job finished: the job runs, the message is not sent again.
    await onNotification(t.ctx, record);
    expect(await t.ctx.jobs.drain()).toBe(1);
    expect(await sentBy(creator.user.id)).toHaveLength(1);
    expect(counting.stats).toMatchObject({ calls: 2, created: 1 });
  });

  it('a tip and a subscription send their own messages; each notification is a message of its own', async () => {
    const { creator } = await creatorWithAuto('tip', 'Valeu pela gorjeta!');
    await call(t.app, 'POST', '/auto-messages', creator.token, { trigger: 'subscribe', text: 'Bem-vindo ao clube' });
    const fan = await signedIn(t);
    for (const type of ['tip.received', 'tip.received', 'subscription.created'] as const) {
      await t.notifications.notify({ userId: creator.user.id, type, data: { actorId: fan.user.id, amount: 10 } });
    }
    expect(await autoJobs()).toHaveLength(3);
    await t.ctx.jobs.drain();
    const texts = (await sentBy(creator.user.id)).map((m) => m.text).sort();
    expect(texts).toEqual(['Bem-vindo ao clube', 'Valeu pela gorjeta!', 'Valeu pela gorjeta!']);
  });

  it('sends nothing when paused, for other notifications, to the creator themself, or once deleted before its job ran', async () => {
    const { creator, auto } = await creatorWithAuto('follow', 'Oi!', false);
    const fan = await signedIn(t);
    const notify = (type: 'follow.created' | 'comment.created' | 'message.received', actorId: unknown = fan.user.id) =>
      t.notifications.notify({ userId: creator.user.id, type, data: { actorId } });
    await notify('follow.created');
    await notify('comment.created');
    await notify('message.received');
    expect(await autoJobs()).toHaveLength(0);

    await call(t.app, 'PUT', `/auto-messages/${auto._id}`, creator.token, { enabled: true });
    await notify('follow.created', creator.user.id);
    await notify('follow.created', null);
    expect(await autoJobs()).toHaveLength(0);

    // Queued, then edited: the job sends what it says when it runs. Queued, then deleted: nothing.
    await notify('follow.created');
    await call(t.app, 'PUT', `/auto-messages/${auto._id}`, creator.token, { text: 'Oi, tudo bem?' });
    await t.ctx.jobs.drain();
    expect((await sentBy(creator.user.id)).map((m) => m.text)).toEqual(['Oi, tudo bem?']);
    await notify('follow.created');
    await call(t.app, 'DELETE', `/auto-messages/${auto._id}`, creator.token);
    expect(await t.ctx.jobs.drain()).toBe(1);
    expect(await sentBy(creator.user.id)).toHaveLength(1);
  });
});
