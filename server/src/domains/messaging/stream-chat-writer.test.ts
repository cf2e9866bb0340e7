import type { ConversationDto, MessageDto } from '@fandeck/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { pgliteClientOf, type Db } from '../../db/client.js';
import { messages, userBlocks } from '../../db/schema/index.js';
import { messagingKit, socketKit } from './messaging-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { call, account, open, send, expectError } = messagingKit(() => t);
const { socketTo, closeAll } = socketKit();
afterEach(() => {
  closeAll();
  vi.restoreAllMocks();
});

type Query = (...args: unknown[]) => unknown;
const textOf = (query: unknown) => (typeof query === 'string' ? query : String((query as { text?: unknown })?.text ?? ''));

/** Every statement the app sends to its database from now on, inside transactions too (PGlite or node-postgres). */
function recordStatements(db: Db): string[] {
  const seen: string[] = [];
  const client = pgliteClientOf(db);
  if (!client) {
    const query = pg.Client.prototype.query as unknown as Query;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      seen.push(textOf(args[0]));
      return query.apply(this, args);
    } as never);
    return seen;
  }
  const query = client.query.bind(client) as Query;
  const transaction = client.transaction.bind(client);
  vi.spyOn(client, 'query').mockImplementation(((...args: unknown[]) => {
    seen.push(textOf(args[0]));
    return query(...args);
  }) as never);
  vi.spyOn(client, 'transaction').mockImplementation(((run: (tx: unknown) => Promise<unknown>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx) as Query;
      const recorded = Object.assign(Object.create(tx) as object, {
        query: (...args: unknown[]) => {
          seen.push(textOf(args[0]));
          return txQuery(...args);
        },
      });
      return run(recorded);
    })) as never);
  return seen;
}

const locksConversation = (statement: string) => /from "conversations"[\s\S]*for (no key )?update/i.test(statement) || /^\s*update "conversations"/i.test(statement);

/** The row's version: an UPDATE of it makes a new one. */
const versionOf = async (id: string) => ((await t.ctx.db.execute(sql`select xmin::text as v from conversations where id = ${id}`)) as unknown as { rows: { v: string }[] }).rows[0]!.v;

describe('stream chat writes', () => {
  it('messages sent at once to one room are all stored once each and reach the room in one order, without locking or rewriting the conversation row', async () => {
    const creator = await account({ role: 'performer' });
    const fans = await Promise.all([account(), account(), account(), account()]);
    const blocked = await account();
    await t.ctx.db.insert(userBlocks).values({ performerId: creator.id, userId: blocked.id });
    const stream = (await call('GET', `/conversations/stream/performer/${creator.id}`, null)).json().data as ConversationDto;
    const listener = await socketTo(t.app);
    expect(await listener.emitWithAck('joinRoom', `conversation:${stream._id}`)).toEqual({ ok: true });
    const heard: MessageDto[] = [];
    let marker: (() => void) | null = null;
    listener.on(`message_created_conversation_${stream._id}`, (message: MessageDto) => {
      if (message.clientId === 'marker') marker?.();
      else heard.push(message);
    });
    const sends = fans.flatMap((fan, f) => Array.from({ length: 6 }, (_, i) => ({ fan, clientId: `room-${f}-${i}`, text: `fan ${f} says ${i}` })));
    const expected = sends.length;
    const version = await versionOf(stream._id);

    const statements = recordStatements(t.ctx.db);
    const post = (token: string, clientId: string, text: string) => call('POST', `/messages/stream/${stream._id}`, token, { clientId, text });
    const [answers, resent, refused] = await Promise.all([
      Promise.all(sends.map((s) => post(s.fan.token, s.clientId, s.text))),
      // The same send twice more, at once with the rest: acked again, stored once.
      Promise.all([post(fans[0]!.token, 'room-0-0', 'fan 0 says 0'), post(fans[0]!.token, 'room-0-0', 'fan 0 says 0')]),
      post(blocked.token, 'room-blocked', 'let me in'),
    ]);
    const chatStatements = [...statements];
    // One more message after all the answers: the socket hears events in order, so once it has
    // this one it has every event the sends above made.
    const markerHeard = new Promise<void>((resolve) => (marker = resolve));
    expect((await post(creator.token, 'marker', 'that is all')).statusCode).toBe(200);
    await markerHeard;

    for (const res of [...answers, ...resent]) expect(res.statusCode, res.body).toBe(200);
    expectError(refused, 403, 'conversations.blocked');
    const acked = answers.map((res) => res.json().data as MessageDto);
    expect(resent.map((res) => (res.json().data as MessageDto)._id)).toEqual([acked[0]!._id, acked[0]!._id]);

    const stored = (await t.ctx.db.select().from(messages).where(eq(messages.conversationId, stream._id)).orderBy(messages.seq)).filter((row) => row.clientId !== 'marker');
    expect(stored.map((row) => row.clientId).sort()).toEqual(sends.map((s) => s.clientId).sort());
    expect(new Set(stored.map((row) => row.id)).size).toBe(expected);
    for (const message of acked) expect(stored.find((row) => row.id === message._id)).toMatchObject({ seq: message.seq, text: message.text });
    // The room heard each message once, in the order they are stored: a client catching up by `seq` sees the same.
    expect(heard.map((message) => message._id)).toEqual(stored.map((row) => row.id));

    // The statements did store messages, and none of them held or wrote the conversation's row.
    expect(chatStatements.some((statement) => /insert into "?messages"?/i.test(statement))).toBe(true);
    expect(chatStatements.filter(locksConversation)).toEqual([]);
    expect(await versionOf(stream._id)).toBe(version);
    // Its last message is still read as the newest one.
    const read = (await call('GET', `/conversations/stream/${stream._id}`, fans[0]!.token)).json().data as ConversationDto;
    expect(read).toMatchObject({ lastMessage: 'that is all', lastSenderId: creator.id });
  });

  it('a private conversation still holds its row for a send (the recorder sees inside transactions)', async () => {
    const creator = await account({ role: 'performer' });
    const fan = await account();
    const { _id: id } = await open(fan, creator);
    const statements = recordStatements(t.ctx.db);
    await send(fan, id, { clientId: 'private-1', text: 'just us' });
    expect(statements.filter(locksConversation).length).toBeGreaterThan(0);
  });
});
