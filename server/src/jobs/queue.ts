/**
 * Durable background jobs on the app's own PostgreSQL (embedded or server), so work such
 * as a transcode survives a restart or a killed process.
 *
 * A job is a row (db/schema/jobs.ts). Workers claim ready rows with `FOR UPDATE SKIP
 * LOCKED` (several processes share one queue), hold each with a lease they renew while
 * the handler runs, and mark it done or, on an error, queue it again after a backoff
 * until its attempts run out. A worker that dies stops renewing; when the lease has
 * passed, the job is ready again for any process, the restarted one included.
 *
 * Why not pg-boss or graphile-worker: their current lines need Node 22 (this runs on
 * Node 20), and pg-boss 10, the last line for Node 20, has no lease renewal, so a killed
 * transcode would wait out its whole expiry (hours, for a long video) before a retry.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { jobs } from './jobs.tables.js';

export type JobRow = typeof jobs.$inferSelect;

export interface JobContext {
  job: JobRow;
  /** Aborted when the queue stops (shutdown) or the lease was lost: stop and let it be retried. */
  signal: AbortSignal;
}

export type JobHandler<P> = (payload: P, context: JobContext) => Promise<void>;

export interface QueueDefinition {
  /** Jobs of this queue run at once in this process. */
  concurrency?: number;
}

export interface EnqueueOptions {
  /** Not before this time. */
  runAt?: Date;
  maxAttempts?: number;
  /** At most one unfinished job per key: a second enqueue with it is a no-op. */
  singletonKey?: string;
  /**
   * With `singletonKey`: take the key over. A queued job holding it is dropped, and the job
   * `succeeds` names (the running job that enqueues its own next run) gives the key up, in
   * the caller's transaction, so a rollback leaves both as they were. A job of the key that
   * another worker is running keeps it, and this enqueue is then a no-op.
   */
  replace?: boolean;
  succeeds?: string;
}

export interface JobQueueOptions {
  /** How long a claim holds without renewal, in ms; renewed every third of it. */
  leaseMs?: number;
  /** How often an idle worker looks for ready jobs, in ms. */
  pollMs?: number;
  /** The clock jobs are scheduled by (tests move it). */
  now?: () => Date;
  /** Told of each failed attempt. */
  onError?: (job: JobRow, error: unknown) => void;
}

export interface JobQueue {
  define<P extends Record<string, unknown>>(queue: string, handler: JobHandler<P>, definition?: QueueDefinition): void;
  enqueue(db: DbOrTx, queue: string, payload: Record<string, unknown>, options?: EnqueueOptions): Promise<string | null>;
  /** Starts polling; `stop` waits for running handlers after aborting them. */
  start(): void;
  stop(): Promise<void>;
  /** Claims and runs ready jobs until none is left (tests and scripts that drive time). */
  drain(): Promise<number>;
  /** Looks for work now rather than at the next poll (after an enqueue in this process). */
  wake(): void;
}

/** Delay before attempt `n + 1` after a failure: 5 s, 20 s, 80 s... capped at an hour. */
export const retryDelayMs = (attempts: number) => Math.min(5000 * 4 ** Math.max(0, attempts - 1), 3_600_000);

export function createJobQueue(db: Db, options: JobQueueOptions = {}): JobQueue {
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 1000;
  const now = options.now ?? (() => new Date());
  const workerId = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const handlers = new Map<string, { handler: JobHandler<never>; concurrency: number; running: number }>();
  const inFlight = new Set<Promise<void>>();
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let polling: Promise<unknown> | undefined;

  const later = (ms: number) => new Date(now().getTime() + ms);

  /** A read first: the embedded database's first write after opening is slow, and an idle queue needs none. */
  async function anyReady(queue: string, at: Date): Promise<boolean> {
    const [row] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.queue, queue),
          sql`((${jobs.status} = 'queued' and ${jobs.runAt} <= ${at}) or (${jobs.status} = 'running' and ${jobs.lockedUntil} < ${at}))`,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async function claim(queue: string): Promise<JobRow | undefined> {
    const at = now();
    if (!(await anyReady(queue, at))) return undefined;
    const [job] = await db
      .update(jobs)
      .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedBy: workerId, lockedUntil: later(leaseMs), updatedAt: at })
      .where(
        eq(
          jobs.id,
          sql`(select id from ${jobs} where ${jobs.queue} = ${queue}
                and ((${jobs.status} = 'queued' and ${jobs.runAt} <= ${at}) or (${jobs.status} = 'running' and ${jobs.lockedUntil} < ${at}))
                order by ${jobs.runAt} limit 1 for update skip locked)`,
        ),
      )
      .returning();
    return job;
  }

  /** Finishes a claim this worker still holds; a lost lease leaves the row to its new holder. */
  async function settle(job: JobRow, error: unknown): Promise<void> {
    const held = and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running'));
    if (error === undefined) {
      await db.update(jobs).set({ status: 'done', lockedBy: null, lockedUntil: null, updatedAt: now() }).where(held);
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    if (stopping.signal.aborted) {
      // Shutdown, not a failure: give the attempt back and let the next process start it at once.
      await db.update(jobs).set({ status: 'queued', attempts: sql`greatest(${jobs.attempts} - 1, 0)`, lockedBy: null, lockedUntil: null, runAt: now(), updatedAt: now() }).where(held);
      return;
    }
    options.onError?.(job, error);
    const last = job.attempts >= job.maxAttempts;
    await db
      .update(jobs)
      .set({ status: last ? 'failed' : 'queued', runAt: later(retryDelayMs(job.attempts)), lastError: message.slice(0, 2000), lockedBy: null, lockedUntil: null, updatedAt: now() })
      .where(held);
  }

  async function run(job: JobRow, handler: JobHandler<never>): Promise<void> {
    const lost = new AbortController();
    const signal = AbortSignal.any([stopping.signal, lost.signal]);
    const renew = setInterval(() => {
      db.update(jobs)
        .set({ lockedUntil: later(leaseMs) })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)))
        .returning({ id: jobs.id })
        .then((rows) => rows.length === 0 && lost.abort(new Error('lease lost')))
        .catch(() => undefined);
    }, Math.max(50, Math.floor(leaseMs / 3)));
    let failure: unknown;
    try {
      await handler(job.payload as never, { job, signal });
    } catch (error) {
      failure = error ?? new Error('job failed');
    } finally {
      clearInterval(renew);
    }
    await settle(job, failure).catch((error) => options.onError?.(job, error));
  }

  /** Claims what each queue has room for; resolves once nothing more could be claimed. */
  async function poll(): Promise<number> {
    let claimed = 0;
    for (const [queue, entry] of handlers) {
      while (entry.running < entry.concurrency && !stopping.signal.aborted) {
        const job = await claim(queue);
        if (!job) break;
        claimed += 1;
        entry.running += 1;
        const task = run(job, entry.handler).finally(() => {
          entry.running -= 1;
          inFlight.delete(task);
          if (started) wake();
        });
        inFlight.add(task);
      }
    }
    return claimed;
  }

  function schedule(delay: number) {
    clearTimeout(timer);
    if (!started || stopping.signal.aborted) return;
    timer = setTimeout(() => wake(), delay);
    timer.unref?.();
  }

  function wake() {
    if (!started || polling) return;
    polling = poll()
      .catch((error: unknown) => options.onError?.({ id: '-', queue: '-' } as JobRow, error))
      .finally(() => {
        polling = undefined;
        schedule(pollMs);
      });
  }

  return {
    define(queue, handler, definition = {}) {
      handlers.set(queue, { handler: handler as JobHandler<never>, concurrency: definition.concurrency ?? 1, running: 0 });
    },
    async enqueue(target, queue, payload, enqueueOptions = {}) {
      const key = enqueueOptions.singletonKey;
      if (key && enqueueOptions.replace) {
        if (enqueueOptions.succeeds) await target.update(jobs).set({ singletonKey: null }).where(and(eq(jobs.id, enqueueOptions.succeeds), eq(jobs.singletonKey, key)));
        await target.delete(jobs).where(and(eq(jobs.singletonKey, key), eq(jobs.status, 'queued')));
      }
      const [row] = await target
        .insert(jobs)
        .values({ queue, payload, runAt: enqueueOptions.runAt ?? now(), maxAttempts: enqueueOptions.maxAttempts ?? 5, singletonKey: enqueueOptions.singletonKey ?? null })
        .onConflictDoNothing({ target: jobs.singletonKey, where: sql`status in ('queued', 'running')` })
        .returning({ id: jobs.id });
      return row?.id ?? null;
    },
    start() {
      if (started) return;
      started = true;
      // Not in the same breath as the server's first answers: the first look waits one poll.
      schedule(pollMs);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      stopping.abort(new Error('the server is stopping'));
      await polling;
      await Promise.allSettled([...inFlight]);
    },
    async drain() {
      let total = 0;
      for (;;) {
        const claimed = await poll();
        await Promise.allSettled([...inFlight]);
        if (claimed === 0) return total;
        total += claimed;
      }
    },
    wake,
  };
}
