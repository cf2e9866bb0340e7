import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workerDatabase } from '../../test/databases.js';
import { jobs } from '../db/schema/index.js';
import { createJobQueue, retryDelayMs } from './queue.js';

const rowOf = async (id: string) => {
  const { db } = await workerDatabase();
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
};

/** A clock the test moves by hand. */
const clock = (start = Date.now()) => {
  let at = start;
  return { now: () => new Date(at), advance: (ms: number) => void (at += ms) };
};

describe('job queue', () => {
  it('runs a job once with its payload and marks it done', async () => {
    const { db } = await workerDatabase();
    const queue = createJobQueue(db);
    const seen: unknown[] = [];
    queue.define('test.once', async (payload) => void seen.push(payload));
    const id = await queue.enqueue(db, 'test.once', { n: 1 });
    expect(await queue.drain()).toBe(1);
    expect(await queue.drain()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await rowOf(id!)).toMatchObject({ status: 'done', attempts: 1, lockedBy: null });
  });

  it('retries a failing job after a growing delay, then marks it failed', async () => {
    const { db } = await workerDatabase();
    const time = clock();
    const queue = createJobQueue(db, { now: time.now });
    let calls = 0;
    queue.define('test.fails', async () => {
      calls += 1;
      throw new Error(`attempt ${calls} broke`);
    });
    const id = await queue.enqueue(db, 'test.fails', {}, { maxAttempts: 3 });
    expect(await queue.drain()).toBe(1);
    expect(await rowOf(id!)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'attempt 1 broke' });
    // Not before its backoff.
    time.advance(retryDelayMs(1) - 1000);
    expect(await queue.drain()).toBe(0);
    time.advance(1000);
    expect(await queue.drain()).toBe(1);
    time.advance(retryDelayMs(2));
    expect(await queue.drain()).toBe(1);
    expect(await rowOf(id!)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'attempt 3 broke' });
    time.advance(retryDelayMs(3));
    expect(await queue.drain()).toBe(0);
    expect(calls).toBe(3);
  });

  it('waits for a scheduled job’s time', async () => {
    const { db } = await workerDatabase();
    const time = clock();
    const queue = createJobQueue(db, { now: time.now });
    let ran = 0;
    queue.define('test.later', async () => void (ran += 1));
    await queue.enqueue(db, 'test.later', {}, { runAt: new Date(time.now().getTime() + 3_600_000) });
    expect(await queue.drain()).toBe(0);
    time.advance(3_600_000);
    expect(await queue.drain()).toBe(1);
    expect(ran).toBe(1);
  });

  it('keeps one unfinished job per singleton key', async () => {
    const { db } = await workerDatabase();
    const queue = createJobQueue(db);
    queue.define('test.single', async () => undefined);
    const first = await queue.enqueue(db, 'test.single', {}, { singletonKey: 'file:1' });
    expect(first).toBeTypeOf('string');
    expect(await queue.enqueue(db, 'test.single', {}, { singletonKey: 'file:1' })).toBeNull();
    await queue.drain();
    // Once done, the key is free again.
    expect(await queue.enqueue(db, 'test.single', {}, { singletonKey: 'file:1' })).toBeTypeOf('string');
    await queue.drain();
  });

  it('replaces a queued job of a key, and lets a running job hand its key to its own next run', async () => {
    const { db } = await workerDatabase();
    const time = clock();
    const queue = createJobQueue(db, { now: time.now });
    const runs: number[] = [];
    queue.define<{ n: number }>('test.chain', async ({ n }, { job }) => {
      runs.push(n);
      // Without handing the key over, the next run could not be queued while this one runs.
      expect(await queue.enqueue(db, 'test.chain', { n: n + 1 }, { singletonKey: 'chain:1' })).toBeNull();
      if (n < 3) await db.transaction((tx) => queue.enqueue(tx, 'test.chain', { n: n + 1 }, { singletonKey: 'chain:1', replace: true, succeeds: job.id, runAt: new Date(time.now().getTime() + 1000) }));
    });
    const queued = await queue.enqueue(db, 'test.chain', { n: 99 }, { singletonKey: 'chain:1', runAt: new Date(time.now().getTime() + 60_000) });
    // A replacing enqueue drops the queued job of the key and takes its place.
    const replacing = await queue.enqueue(db, 'test.chain', { n: 1 }, { singletonKey: 'chain:1', replace: true });
    expect(replacing).toBeTypeOf('string');
    expect(await db.select().from(jobs).where(eq(jobs.id, queued!))).toEqual([]);
    for (let step = 0; step < 3; step += 1) {
      await queue.drain();
      time.advance(1000);
    }
    expect(runs).toEqual([1, 2, 3]);
    const chain = await db.select().from(jobs).where(eq(jobs.queue, 'test.chain'));
    expect(chain.map((row) => row.status).sort()).toEqual(['done', 'done', 'done']);
  });

  it('takes up a job whose worker died once its lease has passed, not before', async () => {
    const { db } = await workerDatabase();
    const time = clock();
    // The dead worker's claim, as a killed process leaves it.
    const [dead] = await db
      .insert(jobs)
      .values({ queue: 'test.orphan', payload: { file: 'x' }, status: 'running', attempts: 1, lockedBy: 'dead-worker', lockedUntil: new Date(time.now().getTime() + 30_000) })
      .returning();
    const queue = createJobQueue(db, { now: time.now, leaseMs: 30_000 });
    const seen: unknown[] = [];
    queue.define('test.orphan', async (payload) => void seen.push(payload));
    expect(await queue.drain()).toBe(0);
    time.advance(30_001);
    expect(await queue.drain()).toBe(1);
    expect(seen).toEqual([{ file: 'x' }]);
    expect(await rowOf(dead!.id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('renews the lease of a long job, so no other worker takes it', async () => {
    const { db } = await workerDatabase();
    const owner = createJobQueue(db, { leaseMs: 300 });
    const other = createJobQueue(db, { leaseMs: 300 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const started = new Promise<void>((resolve) =>
      owner.define('test.long', async () => {
        runs += 1;
        resolve();
        await held;
      }),
    );
    other.define('test.long', async () => void (runs += 1));
    const id = await owner.enqueue(db, 'test.long', {});
    const draining = owner.drain();
    await started;
    // Several lease lengths pass while it runs; each renewal moves locked_until on.
    for (let i = 0; i < 4; i += 1) {
      const before = (await rowOf(id!)).lockedUntil!.getTime();
      await waitFor(async () => (await rowOf(id!)).lockedUntil!.getTime() > before);
      expect(await other.drain()).toBe(0);
    }
    release();
    await draining;
    expect(runs).toBe(1);
    expect(await rowOf(id!)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('on stop, aborts a running job and gives it back without spending an attempt', async () => {
    const { db } = await workerDatabase();
    const queue = createJobQueue(db, { pollMs: 20 });
    let aborted = false;
    const started = new Promise<void>((resolve) =>
      queue.define('test.stop', async (_payload, { signal }) => {
        resolve();
        await new Promise<void>((done) => signal.addEventListener('abort', () => done()));
        aborted = true;
        throw signal.reason;
      }),
    );
    const id = await queue.enqueue(db, 'test.stop', {});
    queue.start();
    await started;
    await queue.stop();
    expect(aborted).toBe(true);
    expect(await rowOf(id!)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
    const next = createJobQueue(db);
    let ran = 0;
    next.define('test.stop', async () => void (ran += 1));
    expect(await next.drain()).toBe(1);
    expect(ran).toBe(1);
  });

  it('runs each of many jobs exactly once with two workers claiming at once', async () => {
    const { db } = await workerDatabase();
    const counts = new Map<number, number>();
    const handler = async (payload: { n: number }) => void counts.set(payload.n, (counts.get(payload.n) ?? 0) + 1);
    const a = createJobQueue(db);
    const b = createJobQueue(db);
    a.define('test.many', handler, { concurrency: 3 });
    b.define('test.many', handler, { concurrency: 3 });
    for (let n = 0; n < 40; n += 1) await a.enqueue(db, 'test.many', { n });
    const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
    expect(ranA + ranB).toBe(40);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    expect(counts.size).toBe(40);
  });
});

/** Polls a condition until it holds (a renewal is a timer in the queue; nothing to await). */
async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
