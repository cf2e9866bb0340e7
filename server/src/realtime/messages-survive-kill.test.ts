/**
 * Messages are never lost and never stored twice, against real kills: the server, as
 * `npm start` runs it, is SIGKILLed 20 times while 20 clients send 1,000 messages. Each
 * client resends until acked (same client id) and catches up after every reconnect. In
 * the end every acked message is stored exactly once, and every client holds exactly what
 * the server holds of its conversations. On the embedded database with one process, and on
 * PostgreSQL with two processes sharing Redis (a kill takes one of them down at a time).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { MessageDto } from '@fandeck/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { SOAK_TEST_MS } from '../../../testing/budgets.js';
import { lacks, services } from '../../test/tools.js';
import { ChatClient } from '../../test/chat-client.js';
import { testDatabaseKind, workerDatabaseUrl } from '../../test/databases.js';
import { startServerProcess, type Started } from '../../test/server-process.js';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../seed/demo.js';

const CLIENTS = 20;
const MESSAGES = 1000;
const KILLS = 20;

const scratch = mkdtempSync(path.join(os.tmpdir(), 'fandeck-chat-kill-'));
const running = new Set<Started>();
afterAll(async () => {
  for (const server of running) server.child.kill('SIGKILL');
  await Promise.all([...running].map((server) => server.exited));
  rmSync(scratch, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** One server process slot: a fixed port it is restarted on after each kill. */
class Slot {
  private server: Started | null = null;
  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}
  readonly origin = () => `http://127.0.0.1:${this.port}`;
  async start(): Promise<void> {
    const server = startServerProcess({ ...this.env, PORT: String(this.port) });
    running.add(server);
    this.server = server;
    await server.ready;
  }
  async kill(): Promise<void> {
    const server = this.server!;
    server.child.kill('SIGKILL');
    await server.exited;
    running.delete(server);
  }
}

async function login(origin: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function register(origin: string, index: number): Promise<{ email: string; password: string }> {
  const email = `killfan${index}@example.test`;
  const password = 'correct horse battery';
  const res = await fetch(`${origin}/api/auth/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, username: `killfan${index}`, name: `Kill Fan ${index}` }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return { email, password };
}

async function run(slots: Slot[]): Promise<void> {
  for (const slot of slots) await slot.start();
  const first = slots[0]!.origin();

  // 3 demo creators and 17 new fans; fan i writes with creator i % 3.
  const creators = DEMO_LOGINS.filter((entry) => entry.role === 'performer').slice(0, 3);
  const creatorClients: ChatClient[] = [];
  for (const [i, creator] of creators.entries()) {
    const slot = slots[i % slots.length]!;
    creatorClients.push(new ChatClient({ name: creator.username, token: await login(first, creator.email, DEMO_PASSWORD), origin: slot.origin }));
  }
  const creatorIds = await Promise.all(creatorClients.map(async (client) => (await client.untilOk<{ _id: string }>('GET', '/users/me'))._id));
  const fanClients: ChatClient[] = [];
  const pairs: { fan: ChatClient; creator: ChatClient; conversationId: string }[] = [];
  for (let i = 0; i < CLIENTS - creators.length; i += 1) {
    const account = await register(first, i);
    const slot = slots[(i + 1) % slots.length]!;
    const fan = new ChatClient({ name: `fan${i}`, token: await login(first, account.email, account.password), origin: slot.origin });
    const conversationId = await fan.openWith(creatorIds[i % creators.length]!);
    creatorClients[i % creators.length]!.follow(conversationId);
    fanClients.push(fan);
    pairs.push({ fan, creator: creatorClients[i % creators.length]!, conversationId });
  }
  const clients = [...creatorClients, ...fanClients];
  for (const client of clients) client.connect();

  // Every client sends MESSAGES / CLIENTS messages, one after the other, like a person.
  const perClient = MESSAGES / CLIENTS;
  let acks = 0;
  const thresholds = Array.from({ length: KILLS }, (_, k) => Math.round(((k + 1) * MESSAGES) / (KILLS + 1)));
  let killing = Promise.resolve();
  let kills = 0;
  const onAck = () => {
    acks += 1;
    if (kills < KILLS && acks >= thresholds[kills]!) {
      const slot = slots[kills % slots.length]!;
      kills += 1;
      killing = killing.then(async () => {
        await slot.kill();
        await slot.start();
      });
    }
  };
  const sending = clients.map(async (client) => {
    const mine = pairs.filter((pair) => pair.fan === client || pair.creator === client);
    for (let n = 0; n < perClient; n += 1) {
      const pair = mine[n % mine.length]!;
      await client.send(pair.conversationId, `${client.name.replace(/[^A-Za-z0-9_-]/g, '_')}-${n}`, `${client.name} says ${n}`);
      onAck();
    }
  });
  await Promise.all(sending);
  await killing;
  expect(kills).toBe(KILLS);

  // The server's whole history of each conversation, read page by page after the last restart.
  const reader = fanClients[0]!;
  const stored = new Map<string, MessageDto[]>();
  for (const pair of pairs) {
    const all: MessageDto[] = [];
    for (;;) {
      const since = all.at(-1)?.seq ?? 0;
      const page = await pair.fan.untilOk<{ data: MessageDto[] }>('GET', `/messages/conversations/${pair.conversationId}?sinceSeq=${since}`);
      if (page.data.length === 0) break;
      all.push(...page.data);
    }
    stored.set(pair.conversationId, all);
  }
  const everything = [...stored.values()].flat();
  expect(reader.name).toBe('fan0');

  // Every acked message is stored exactly once; nothing else is stored.
  expect(everything).toHaveLength(MESSAGES);
  expect(new Set(everything.map((m) => `${m.senderId}:${m.clientId}`)).size).toBe(MESSAGES);
  const acked = clients.flatMap((client) => client.acked);
  expect(acked).toHaveLength(MESSAGES);
  const storedIds = new Set(everything.map((m) => m._id));
  for (const message of acked) expect(storedIds.has(message._id)).toBe(true);
  // The kills really cut sends short: some were resent.
  expect(clients.reduce((sum, client) => sum + client.resends, 0)).toBeGreaterThan(0);

  // Every client ends with the full history of its conversations (a last catch-up, as a reconnect does).
  await Promise.all(clients.map((client) => client.catchUp()));
  for (const client of clients) {
    const expected = pairs.filter((pair) => pair.fan === client || pair.creator === client).flatMap((pair) => stored.get(pair.conversationId)!.map((m) => m._id));
    expect(new Set(client.history.keys()), client.name).toEqual(new Set(expected));
  }
  for (const client of clients) client.close();
}

describe('messages survive a killed server', () => {
  const databaseUrl = workerDatabaseUrl();

  it.skipIf(testDatabaseKind() !== 'pglite')('embedded database, one process: 20 SIGKILLs during 1,000 sends from 20 clients', async () => {
    await run([new Slot(await freePort(), { DATA_DIR: path.join(scratch, 'embedded') })]);
  }, SOAK_TEST_MS);

  // CI sets TEST_REDIS_URL; the postgres project runs this on its worker's PostgreSQL.
  it.skipIf(testDatabaseKind() !== 'postgres' || lacks({ PostgreSQL: databaseUrl, Redis: services.Redis() }))('PostgreSQL, two processes on Redis: 20 SIGKILLs during 1,000 sends from 20 clients', async () => {
    const env = { DATA_DIR: path.join(scratch, 'pg'), DATABASE_URL: databaseUrl!, REDIS_URL: process.env.TEST_REDIS_URL! };
    await run([new Slot(await freePort(), env), new Slot(await freePort(), env)]);
  }, SOAK_TEST_MS);
});
