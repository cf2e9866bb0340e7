import type { ConversationDto } from '@fandeck/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { subscriptions, userBlocks } from '../../db/schema/index.js';
import { setPrices, subscribeCall } from '../subscriptions/subscriptions-test-kit.js';
import { messagingKit, type Account } from './messaging-test-kit.js';

/**
 * Issue 22, point 4: what the existing client sends and reads in messaging (api-contract
 * section 7, "Observed a week later"): sends without a `clientId`, and conversations that
 * carry `isSubscribed` (the composer is disabled unless true) and `isBlocked`.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { call, account, open } = messagingKit(() => t);

const listOf = async (who: Account): Promise<ConversationDto[]> => {
  const res = await call('GET', '/conversations', who.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.data as ConversationDto[];
};
const flagsIn = async (who: Account, conversationId: string) => {
  const found = (await listOf(who)).find((c) => c._id === conversationId);
  return found && { isSubscribed: found.isSubscribed, isBlocked: found.isBlocked };
};

async function creatorWithPrice(): Promise<Account> {
  const creator = await account({ role: 'performer' });
  await setPrices(t.ctx, creator.id, { monthlyPriceCents: 1000 });
  return creator;
}

describe('POST /messages/conversations/{id} without a clientId', () => {
  it('stores `{ text, fileIds, type }` with a clientId the server made; each such send is a new message', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    const conversation = await open(fan, creator);
    const sent = [];
    for (const body of [{ text: 'oi', fileIds: [], type: 'text' }, { text: 'oi', fileIds: [], type: 'text' }, { text: 'de novo', fileIds: [], type: 'text', clientId: '' }]) {
      const res = await call('POST', `/messages/conversations/${conversation._id}`, fan.token, body, { 'content-type': 'application/json' });
      expect(res.statusCode, res.body).toBe(200);
      sent.push(res.json().data);
    }
    for (const message of sent) expect(message).toMatchObject({ conversationId: conversation._id, senderId: fan.id, type: 'text', clientId: expect.stringMatching(/^[A-Za-z0-9_-]{1,64}$/) });
    expect(new Set(sent.map((m) => m._id)).size).toBe(3);
    expect(new Set(sent.map((m) => m.clientId)).size).toBe(3);
    const page = (await call('GET', `/messages/conversations/${conversation._id}`, creator.token)).json().data;
    expect(page.data.map((m: { text: string }) => m.text)).toEqual(['oi', 'oi', 'de novo']);

    // Our own clients' clientId still makes a resend store nothing new.
    const mine = { clientId: 'our-client-1', text: 'uma vez' };
    const first = (await call('POST', `/messages/conversations/${conversation._id}`, fan.token, mine)).json().data;
    const again = (await call('POST', `/messages/conversations/${conversation._id}`, fan.token, mine)).json().data;
    expect(again._id).toBe(first._id);
    expect(first.clientId).toBe('our-client-1');
  });
});

describe('conversations carry isSubscribed and isBlocked', () => {
  it('isSubscribed: the fan holds an active subscription to the creator, seen the same from both sides', async () => {
    const creator = await creatorWithPrice();
    const fan = await account({ balanceCents: 10_000 });
    const stranger = await account();
    const opened = await open(fan, creator);
    expect(opened).toMatchObject({ isSubscribed: false, isBlocked: false });
    const strangers = await open(stranger, creator);

    expect((await subscribeCall(t.app, fan.token, { performerId: creator.id })).statusCode).toBe(200);
    expect(await flagsIn(fan, opened._id)).toEqual({ isSubscribed: true, isBlocked: false });
    expect(await flagsIn(creator, opened._id)).toEqual({ isSubscribed: true, isBlocked: false });
    expect(await flagsIn(stranger, strangers._id)).toEqual({ isSubscribed: false, isBlocked: false });
    expect(await flagsIn(creator, strangers._id)).toEqual({ isSubscribed: false, isBlocked: false });
    // POST /conversations (open again) and GET /conversations/{id} say the same.
    expect(await open(fan, creator)).toMatchObject({ _id: opened._id, isSubscribed: true });
    expect(await open(creator, fan, 'user')).toMatchObject({ _id: opened._id, isSubscribed: true });
    expect((await call('GET', `/conversations/${opened._id}`, creator.token)).json().data).toMatchObject({ isSubscribed: true });

    // Access ended: no longer subscribed.
    await t.ctx.db
      .update(subscriptions)
      .set({ expiredAt: new Date(Date.now() - 60_000) })
      .where(and(eq(subscriptions.userId, fan.id), eq(subscriptions.performerId, creator.id)));
    expect(await flagsIn(fan, opened._id)).toEqual({ isSubscribed: false, isBlocked: false });
    expect(await flagsIn(creator, opened._id)).toEqual({ isSubscribed: false, isBlocked: false });
  });

  it('isSubscribed in a stream chat: its subscribers and its creator', async () => {
    const creator = await creatorWithPrice();
    const fan = await account({ balanceCents: 10_000 });
    const other = await account();
    expect((await subscribeCall(t.app, fan.token, { performerId: creator.id })).statusCode).toBe(200);
    const chatAs = async (who: Account) => (await call('GET', `/conversations/stream/performer/${creator.id}`, who.token)).json().data as ConversationDto;
    expect((await chatAs(fan)).isSubscribed).toBe(true);
    expect((await chatAs(other)).isSubscribed).toBe(false);
    expect((await chatAs(creator)).isSubscribed).toBe(true);
  });

  it('isBlocked when either party blocked the other, from both sides', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    const opened = await open(fan, creator);
    await t.ctx.db.insert(userBlocks).values({ performerId: creator.id, userId: fan.id });
    expect(await flagsIn(fan, opened._id)).toMatchObject({ isBlocked: true });
    expect(await flagsIn(creator, opened._id)).toMatchObject({ isBlocked: true });
    expect((await call('GET', `/conversations/${opened._id}`, creator.token)).json().data).toMatchObject({ isBlocked: true });
    expect((await call('POST', '/conversations', creator.token, { source: 'user', sourceId: fan.id })).json().data).toMatchObject({ isBlocked: true });

    // Two creators: the one who was blocked sees it too, and so does the blocker.
    const peer = await account({ role: 'performer' });
    const between = await open(peer, creator);
    await t.ctx.db.insert(userBlocks).values({ performerId: peer.id, userId: creator.id });
    expect(await flagsIn(peer, between._id)).toMatchObject({ isBlocked: true });
    expect(await flagsIn(creator, between._id)).toMatchObject({ isBlocked: true });
  });
});
