import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../db/schema/columns.js';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Durable background work (jobs/queue.ts): a row per job, claimed with SKIP LOCKED and
 * held by a lease the worker renews while it runs. A worker that dies (SIGKILL, power)
 * stops renewing; once the lease has passed, any process takes the job up again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: idColumn(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    /** Not before this time (a retry's backoff, a scheduled job). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** The worker holding it, and until when, while `running`. */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** At most one unfinished job per key (a file's transcode, a subscription's renewal). */
    singletonKey: text('singleton_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_ready_idx').on(t.queue, t.runAt).where(sql`status in ('queued', 'running')`),
    uniqueIndex('jobs_singleton_idx').on(t.singletonKey).where(sql`status in ('queued', 'running')`),
  ],
);
