import type { MessageDto } from '@fandeck/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { conversationMembers, conversations, messages } from '../../db/schema/index.js';
import { messagingKit, type Account } from './messaging-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { call, account, open, send, expectError } = messagingKit(() => t);

type Page = { data: MessageDto[]; total: number };
const page = async (who: Account, conversationId: string, query = '') => {
  const res = await call('GET', `/messages/conversations/${conversationId}${query}`, who.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Page;
};
const texts = (p: Page) => p.data.map((m) => m.text);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `m${from + i}`);
const unread = async (who: Account) => (await call('GET', '/messages/total-unread-messages', who.token)).json().data.total as number;

describe('reading a conversation', () => {
  it('pages of 25, each oldest first: the newest page by default, older ones by offset or beforeSeq, and what came after a seq', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    const { _id: id } = await open(fan, creator);
    const sent: MessageDto[] = [];
    for (let n = 1; n <= 60; n += 1) sent.push(await send(n % 2 ? fan : creator, id, { clientId: `p${n}`, text: `m${n}` }));
    expect(sent.map((m) => m.seq)).toEqual([...sent.map((m) => m.seq)].sort((a, b) => a - b));

    const newest = await page(fan, id);
    expect(newest.total).toBe(60);
    expect(texts(newest)).toEqual(range(36, 60));
    expect(texts(await page(fan, id, '?offset=25'))).toEqual(range(11, 35));
    expect(texts(await page(fan, id, '?offset=50'))).toEqual(range(1, 10));
    expect(texts(await page(creator, id, '?limit=5'))).toEqual(range(56, 60));

    const before = await page(fan, id, `?beforeSeq=${newest.data[0]!.seq}`);
    expect(texts(before)).toEqual(range(11, 35));
    expect(before.total).toBe(35);
    expect(texts(await page(fan, id, `?beforeSeq=${sent[10]!.seq}`))).toEqual(range(1, 10));

    const since = await page(fan, id, `?sinceSeq=${sent[49]!.seq}`);
    expect(texts(since)).toEqual(range(51, 60));
    expect(since.total).toBe(10);
    expect(texts(await page(fan, id, '?sinceSeq=0&limit=100'))).toEqual(range(1, 60));
    expect(texts(await page(fan, id, `?sinceSeq=${sent[59]!.seq}`))).toEqual([]);
    // Above the maximum is clamped, not refused (api-contract.md section 7).
    expect((await call('GET', `/messages/conversations/${id}?limit=500`, fan.token)).statusCode).toBe(200);
  });
});

describe('sending', () => {
  it('stores a resend with the same clientId once and answers the stored message', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    const { _id: id } = await open(fan, creator);
    const body = { clientId: 'resend-1', text: 'only once' };
    const first = await call('POST', `/messages/conversations/${id}`, fan.token, body);
    const again = await call('POST', `/messages/conversations/${id}`, fan.token, body);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().data._id).toBe(first.json().data._id);
    expect(await t.ctx.db.select().from(messages).where(eq(messages.conversationId, id))).toHaveLength(1);
    expect(await unread(creator)).toBe(1);
    // The same clientId in another of the sender's conversations is still the same message.
    const other = await open(fan, await account({ role: 'performer' }));
    expectError(await call('POST', `/messages/conversations/${other._id}`, fan.token, body), 409, 'messages.client_id_conflict');
    expectError(await call('POST', `/messages/conversations/${id}`, fan.token, { ...body, text: 'something else' }), 409, 'messages.client_id_conflict');
    // Another sender's clientId is theirs.
    expect((await call('POST', `/messages/conversations/${id}`, creator.token, body)).statusCode).toBe(200);
  });

  it('20 identical sends at once store one row, add one unread, and all answer it', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    const { _id: id } = await open(fan, creator);
    const body = { clientId: 'burst-1', text: 'hello there' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('POST', `/messages/conversations/${id}`, fan.token, body)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(answers.map((res) => res.json().data._id)).size).toBe(1);
    expect(await t.ctx.db.select().from(messages).where(and(eq(messages.senderId, fan.id), eq(messages.clientId, 'burst-1')))).toHaveLength(1);
    expect(await unread(creator)).toBe(1);
  });

  it('refuses empty messages, bad client ids, prices from fans and prices without files', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    const { _id: id } = await open(fan, creator);
    const post = (who: Account, body: object) => call('POST', `/messages/conversations/${id}`, who.token, body);
    expectError(await post(fan, { clientId: 'e1', text: '   ' }), 422, 'messages.empty');
    // No clientId at all is an existing client's send (the server makes one): existing-client-messaging.test.ts.
    expectError(await post(fan, { text: '   ' }), 422, 'messages.empty');
    expectError(await post(fan, { clientId: 'has space', text: 'x' }), 400, 'request.invalid');
    expectError(await post(fan, { clientId: 'x'.repeat(65), text: 'x' }), 400, 'request.invalid');
    expectError(await post(fan, { clientId: 'e2', text: 'x'.repeat(5001) }), 400, 'request.invalid');
    expectError(await post(fan, { clientId: 'e3', text: 'pay me', price: 5 }), 422, 'messages.price_not_allowed');
    expectError(await post(creator, { clientId: 'e4', text: 'pay me', price: 5 }), 422, 'messages.price_not_allowed');
    expectError(await post(creator, { clientId: 'e5', text: 'x', price: -1 }), 400, 'request.invalid');
    expectError(await post(creator, { clientId: 'e6', text: 'x', fileIds: ['0123456789abcdef01234567'] }), 422, 'messages.files_invalid');
    expect(await t.ctx.db.select().from(messages).where(eq(messages.conversationId, id))).toHaveLength(0);
  });

  it('keeps the conversation’s last message', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    const { _id: id } = await open(fan, creator);
    await send(fan, id, { text: 'first' });
    await send(creator, id, { text: 'latest' });
    const [row] = await t.ctx.db.select().from(conversations).where(eq(conversations.id, id));
    expect(row).toMatchObject({ lastMessage: 'latest', lastSenderId: creator.id });
    expect((await call('GET', `/conversations/${id}`, fan.token)).json().data).toMatchObject({ lastMessage: 'latest', totalNotSeenMessages: 1 });
  });
});

describe('deleting, reading and opening', () => {
  it('only the sender deletes, softly; an unread deleted message leaves the recipient’s count, never below 0', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    const { _id: id } = await open(fan, creator);
    const read = await send(fan, id, { text: 'read one' });
    await call('POST', `/messages/read-all/${id}`, creator.token);
    const fresh = await send(fan, id, { text: 'unread one' });
    expect(await unread(creator)).toBe(1);

    expectError(await call('DELETE', `/messages/${fresh._id}`, creator.token), 403, 'messages.not_sender');
    const deleted = await call('DELETE', `/messages/${fresh._id}`, fan.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toMatchObject({ _id: fresh._id, isDeleted: true, text: 'Message deleted!', files: [] });
    expect(await unread(creator)).toBe(0);
    // Deleting again changes nothing; deleting an already read one takes nothing off.
    expect((await call('DELETE', `/messages/${fresh._id}`, fan.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/messages/${read._id}`, fan.token)).statusCode).toBe(200);
    expect(await unread(creator)).toBe(0);
    expectError(await call('DELETE', '/messages/0123456789abcdef01234567', fan.token), 404, 'messages.not_found');

    const seen = await page(creator, id);
    expect(seen.data.map((m) => [m.isDeleted, m.text])).toEqual([
      [true, 'Message deleted!'],
      [true, 'Message deleted!'],
    ]);
    const [row] = await t.ctx.db.select().from(messages).where(eq(messages.id, fresh._id));
    expect(row!.deletedAt).not.toBeNull();
    expect((await t.ctx.db.select().from(conversations).where(eq(conversations.id, id)))[0]!.lastMessage).toBe('Message deleted!');
  });

  it('read-all sets the reader’s count to 0 and answers their total; totals add up over conversations and never go below 0', async () => {
    const fan = await account();
    const a = await account({ role: 'performer' });
    const b = await account({ role: 'performer' });
    const withA = await open(fan, a);
    const withB = await open(fan, b);
    for (let n = 0; n < 3; n += 1) await send(a, withA._id);
    for (let n = 0; n < 2; n += 1) await send(b, withB._id);
    await send(fan, withA._id);
    expect(await unread(fan)).toBe(5);
    expect((await call('GET', '/messages/counting-not-read-messages', fan.token)).json().data).toEqual({ total: 5 });
    expect(await unread(a)).toBe(1);

    const readA = await call('POST', `/messages/read-all/${withA._id}`, fan.token);
    expect(readA.statusCode, readA.body).toBe(200);
    expect(readA.json().data).toEqual({ total: 2 });
    // Reading twice, or a conversation with nothing unread, stays at 0.
    expect((await call('POST', `/messages/read-all/${withA._id}`, fan.token)).json().data).toEqual({ total: 2 });
    expect((await call('POST', `/messages/read-all/${withB._id}`, fan.token)).json().data).toEqual({ total: 0 });
    expect((await call('POST', `/messages/read-all/${withB._id}`, fan.token)).json().data).toEqual({ total: 0 });
    const rows = await t.ctx.db.select({ unread: conversationMembers.unread }).from(conversationMembers).where(eq(conversationMembers.userId, fan.id));
    expect(rows.map((r) => r.unread)).toEqual([0, 0]);
    // The creator's count is theirs.
    expect(await unread(a)).toBe(1);
  });

  it('the recipient marks a message opened once; the sender’s call changes nothing', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    const { _id: id } = await open(fan, creator);
    const message = await send(creator, id, { text: 'open me' });
    expect(message.opened).toBe(false);
    expect((await call('POST', `/messages/${message._id}/opened`, creator.token)).json().data.opened).toBe(false);
    const opened = await call('POST', `/messages/${message._id}/opened`, fan.token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.opened).toBe(true);
    const [first] = await t.ctx.db.select({ at: messages.openedAt }).from(messages).where(eq(messages.id, message._id));
    await call('POST', `/messages/${message._id}/opened`, fan.token);
    const [second] = await t.ctx.db.select({ at: messages.openedAt }).from(messages).where(eq(messages.id, message._id));
    expect(second!.at).toEqual(first!.at);
  });
});
