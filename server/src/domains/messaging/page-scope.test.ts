/**
 * The fan's private conversations as a third-party page sees them through the bridge
 * (`embed: 'page'` routes carry `PAGE_ORIGIN_HEADER`): a page on creator A's site sees the
 * fan's conversation with A and nothing of the one with B, not even that it exists.
 */
import { PAGE_ORIGIN_HEADER, type ConversationDto, type MessageDto } from '@fandeck/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markOriginVerified } from '../../../test/embed-origins.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { conversationMembers, conversations, messages, performers } from '../../db/schema/index.js';
import { messagingKit, type Account, type Method } from './messaging-test-kit.js';

const SHOP_A = 'https://shop-a.example';
const SHOP_B = 'https://shop-b.example';
const SHARED = 'https://both.example';
const NOBODYS = 'https://nobody.example';

let t: TestApp;
const { call, account, open, send, expectError } = messagingKit(() => t);
let fan: Account;
let creatorA: Account;
let creatorB: Account;
let withA: ConversationDto;
let withB: ConversationDto;
let fromA: MessageDto;
let fromB: MessageDto;
let fanToB: MessageDto;

/** A call made through the bridge from a page on `origin`. */
const fromPage = (origin: string, method: Method, url: string, who: Account, payload?: unknown) => call(method, url, who.token, payload, { [PAGE_ORIGIN_HEADER]: origin });
const listed = async (origin: string | null, url = '/conversations') => {
  const res = origin !== null ? await fromPage(origin, 'GET', url, fan) : await call('GET', url, fan.token);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { data: ConversationDto[]; total: number };
  return { ids: data.data.map((item) => item._id).sort(), total: data.total };
};
const unread = async (origin: string | null, url = '/messages/total-unread-messages') => {
  const res = origin !== null ? await fromPage(origin, 'GET', url, fan) : await call('GET', url, fan.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.total as number;
};
const allow = async (creator: Account, origin: string) => {
  const res = await call('POST', '/embeds/origins', creator.token, { origin });
  expect(res.statusCode, res.body).toBe(200);
  await markOriginVerified(t.ctx, creator.id, origin);
};
const unreadRow = async (conversationId: string) =>
  (await t.ctx.db.select({ unread: conversationMembers.unread }).from(conversationMembers).where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, fan.id))))[0]!
    .unread;

beforeAll(async () => {
  t = await createTestApp();
  [fan, creatorA, creatorB] = await Promise.all([account(), account({ role: 'performer', username: 'scopeanna' }), account({ role: 'performer', username: 'scopebia' })]);
  await Promise.all([allow(creatorA, SHOP_A), allow(creatorB, SHOP_B), allow(creatorA, SHARED), allow(creatorB, SHARED)]);
  withA = await open(fan, creatorA);
  withB = await open(fan, creatorB);
  fromA = await send(creatorA, withA._id, { text: 'oi, da Anna' });
  await send(creatorA, withA._id, { text: 'de novo, Anna' });
  fromB = await send(creatorB, withB._id, { text: 'segredo da Bia' });
  await send(creatorB, withB._id, { text: 'mais um da Bia' });
  await send(creatorB, withB._id, { text: 'e outro da Bia' });
  fanToB = await send(fan, withB._id, { text: 'resposta para a Bia' });
});
afterAll(() => t?.close());

describe('a page-scoped request', () => {
  it('without the header (the platform itself) sees every conversation and counts every unread message', async () => {
    expect(await listed(null)).toEqual({ ids: [withA._id, withB._id].sort(), total: 2 });
    expect(await unread(null)).toBe(5);
    // The platform's own origin, sent as a page origin, is no scope either.
    expect(await listed(t.ctx.config.publicOrigin)).toEqual({ ids: [withA._id, withB._id].sort(), total: 2 });
    expect(await unread(t.ctx.config.publicOrigin)).toBe(5);
  });

  it("from creator A's site lists and counts only the conversation with A", async () => {
    for (const url of ['/conversations', '/conversations/search', '/conversations?type=private']) {
      expect(await listed(SHOP_A, url), url).toEqual({ ids: [withA._id], total: 1 });
    }
    expect(await listed(SHOP_A, '/conversations/search?q=scopebia')).toEqual({ ids: [], total: 0 });
    expect(await listed(SHOP_B, '/conversations/search?q=scope')).toEqual({ ids: [withB._id], total: 1 });
    expect(await unread(SHOP_A)).toBe(2);
    expect(await unread(SHOP_A, '/messages/counting-not-read-messages')).toBe(2);
    expect(await unread(SHOP_B)).toBe(3);
    // A site both creators list sees both.
    expect(await listed(SHARED)).toEqual({ ids: [withA._id, withB._id].sort(), total: 2 });
    expect(await unread(SHARED)).toBe(5);
  });

  it("answers 404 for everything in the conversation with B, and changes nothing there", async () => {
    const missing = '0123456789abcdef01234567';
    const conversationRoutes: [Method, string, unknown?][] = [
      ['GET', `/conversations/${withB._id}`],
      ['GET', `/messages/conversations/${withB._id}`],
      ['GET', `/messages/conversations/${withB._id}?sinceSeq=0`],
      ['POST', `/messages/conversations/${withB._id}`, { clientId: 'from-a-page', text: 'oi Bia, aqui é a página da Anna' }],
      ['POST', `/messages/read-all/${withB._id}`, {}],
    ];
    for (const [method, url, payload] of conversationRoutes) expectError(await fromPage(SHOP_A, method, url, fan, payload), 404, 'conversations.not_found');
    // The same answer as for a message that does not exist: a page cannot test message ids.
    const messageRoutes: [Method, string, unknown?][] = [
      ['DELETE', `/messages/${fanToB._id}`],
      ['POST', `/messages/${fromB._id}/opened`, {}],
      ['POST', `/messages/${fromB._id}/videos/${missing}/url`, {}],
      ['GET', `/messages/${fromB._id}/file/${missing}/status`],
    ];
    for (const [method, url, payload] of messageRoutes) {
      expectError(await fromPage(SHOP_A, method, url, fan, payload), 404, 'messages.not_found');
      expectError(await fromPage(SHOP_A, method, url.replace(/\/messages\/[^/]+/, `/messages/${missing}`), fan, payload), 404, 'messages.not_found');
    }

    const [stored] = await t.ctx.db.select().from(messages).where(eq(messages.id, fanToB._id));
    expect(stored!.deletedAt).toBeNull();
    const [opened] = await t.ctx.db.select().from(messages).where(eq(messages.id, fromB._id));
    expect(opened!.openedAt).toBeNull();
    expect(await t.ctx.db.select().from(messages).where(eq(messages.clientId, 'from-a-page'))).toHaveLength(0);
    expect(await unreadRow(withB._id)).toBe(3);
  });

  it("works as usual in the conversation with A, and reading it answers the page's own total", async () => {
    const one = await fromPage(SHOP_A, 'GET', `/conversations/${withA._id}`, fan);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({ _id: withA._id, performerId: creatorA.id, totalNotSeenMessages: 2 });
    const history = await fromPage(SHOP_A, 'GET', `/messages/conversations/${withA._id}`, fan);
    expect((history.json().data.data as MessageDto[]).map((m) => m.text)).toEqual(['oi, da Anna', 'de novo, Anna']);
    const sent = await fromPage(SHOP_A, 'POST', `/messages/conversations/${withA._id}`, fan, { clientId: 'to-anna', text: 'oi Anna' });
    expect(sent.statusCode, sent.body).toBe(200);
    const opened = await fromPage(SHOP_A, 'POST', `/messages/${fromA._id}/opened`, fan, {});
    expect(opened.statusCode, opened.body).toBe(200);
    expectError(await fromPage(SHOP_A, 'GET', `/messages/${fromA._id}/file/0123456789abcdef01234567/status`, fan), 404, 'messages.not_found');
    const deleted = await fromPage(SHOP_A, 'DELETE', `/messages/${(sent.json().data as MessageDto)._id}`, fan);
    expect(deleted.json().data).toMatchObject({ isDeleted: true });

    // B's three unread messages are still there; the page on A's site is told 0.
    const read = await fromPage(SHOP_A, 'POST', `/messages/read-all/${withA._id}`, fan, {});
    expect(read.json().data).toEqual({ total: 0 });
    expect(await unread(null)).toBe(3);
    expect(await unreadRow(withA._id)).toBe(0);
  });

  it("opens the conversation with A, and refuses any other from A's site (403, nothing created)", async () => {
    const again = await fromPage(SHOP_A, 'POST', '/conversations', fan, { source: 'performer', sourceId: 'scopeanna' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data._id).toBe(withA._id);
    expectError(await fromPage(SHOP_A, 'POST', '/conversations', fan, { source: 'performer', sourceId: creatorB.id }), 403, 'embeds.origin_not_owned');

    const creatorC = await account({ role: 'performer' });
    const otherFan = await account();
    expectError(await fromPage(SHOP_A, 'POST', '/conversations', fan, { source: 'performer', sourceId: creatorC.id }), 403, 'embeds.origin_not_owned');
    expectError(await fromPage(SHOP_A, 'POST', '/conversations', otherFan, { source: 'performer', sourceId: creatorC.id }), 403, 'embeds.origin_not_owned');
    expect(await t.ctx.db.select().from(conversations).where(eq(conversations.performerId, creatorC.id))).toHaveLength(0);
    // Unknown accounts stay 404, as on the platform.
    expectError(await fromPage(SHOP_A, 'POST', '/conversations', fan, { source: 'performer', sourceId: 'nobody-here' }), 404, 'conversations.recipient_not_found');

    // Creator A on her own site writes to a fan: her conversation, so in scope; B's site may not open it for her.
    const mine = await fromPage(SHOP_A, 'POST', '/conversations', creatorA, { source: 'user', sourceId: otherFan.id });
    expect(mine.statusCode, mine.body).toBe(200);
    expectError(await fromPage(SHOP_B, 'POST', '/conversations', creatorA, { source: 'user', sourceId: otherFan.id }), 403, 'embeds.origin_not_owned');
    expectError(await fromPage(SHOP_A, 'POST', '/conversations', creatorA, { source: 'performer', sourceId: creatorB.id }), 403, 'embeds.origin_not_owned');
  });

  it('sees nothing from an origin no creator owns, a malformed one, or a creator no longer approved', async () => {
    for (const origin of [NOBODYS, 'https://SHOP-A.example', `${SHOP_A}/`, 'null', '']) {
      expect(await listed(origin), origin).toEqual({ ids: [], total: 0 });
      expect(await unread(origin), origin).toBe(0);
      expectError(await fromPage(origin, 'GET', `/conversations/${withA._id}`, fan), 404, 'conversations.not_found');
      expectError(await fromPage(origin, 'POST', '/conversations', fan, { source: 'performer', sourceId: creatorA.id }), 403, 'embeds.origin_not_owned');
    }
    await t.ctx.db.update(performers).set({ verifiedDocument: false }).where(eq(performers.userId, creatorA.id));
    try {
      expect(await listed(SHOP_A)).toEqual({ ids: [], total: 0 });
      expect(await listed(SHARED)).toEqual({ ids: [withB._id], total: 1 });
    } finally {
      await t.ctx.db.update(performers).set({ verifiedDocument: true }).where(eq(performers.userId, creatorA.id));
    }
    expect(await listed(SHOP_A)).toEqual({ ids: [withA._id], total: 1 });
  });

  it('leaves public stream chats readable, and routes that are not page-scoped alone', async () => {
    const stream = await call('GET', `/conversations/stream/performer/${creatorB.id}`, fan.token);
    expect(stream.statusCode, stream.body).toBe(200);
    const streamId = (stream.json().data as ConversationDto)._id;
    expect((await fromPage(SHOP_A, 'GET', `/conversations/${streamId}`, fan)).statusCode).toBe(200);
    expect((await fromPage(SHOP_A, 'GET', `/messages/conversations/${streamId}`, fan)).statusCode).toBe(200);
    expect((await fromPage(SHOP_A, 'GET', `/conversations/stream/${streamId}`, fan)).statusCode).toBe(200);
    // A stream chat is never in a fan's list of private conversations, scoped or not.
    expect((await listed(SHOP_B)).ids).not.toContain(streamId);
  });
});
