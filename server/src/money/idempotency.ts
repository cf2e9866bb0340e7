import { createHash } from 'node:crypto';
import { randomHex } from '../db/schema/ids.js';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorCodeOf, IDEMPOTENCY_HEADER } from '@fandeck/contract';
import { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../db/client.js';
import { idempotencyKeys } from './money.tables.js';
import { conflict, errorBody, HttpError, unprocessable } from '../http/errors.js';

/**
 * `Idempotency-Key` for money-moving requests. It is optional (existing clients never
 * send one, api-contract section 7): a request without a key is a fresh action.
 *
 * A key belongs to the user who sent it. The first request with a key claims it
 * (a `pending` row, committed at once, unique on user and key) and runs its work in
 * one transaction that also marks the key `completed` with the answer, so the answer
 * is stored exactly when the money moves. Requests that arrive with a claimed key
 * wait for that answer and replay it (status and body, byte for byte); a key reused
 * with another request (method, path, canonical body) is a 422.
 *
 * Business refusals (4xx thrown by the work) are answers too and are replayed, as a
 * payment provider would. Validation errors happen before the work and are not
 * stored. Unexpected failures (5xx) release the key, so the client may retry it.
 * A claimer that dies leaves a pending row; after the lease another request takes it
 * over, and the owner token makes a late finish by the old owner roll back.
 */
export { IDEMPOTENCY_HEADER };
export const REPLAYED_HEADER = 'idempotent-replayed';
export const ALREADY_USED = 'This Idempotency-Key was already used for a different request';
export const STILL_RUNNING = 'A request with this Idempotency-Key is still being processed; retry later';

export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'must be 1 to 255 visible ASCII characters');

/** Route `headers` schema for money routes; other headers pass through untouched. */
export const idempotencyHeaders = z.looseObject({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema.optional() });

/** What the work answered; `afterCommit` runs once, only for the request that did the work. */
export interface Outcome<T> {
  statusCode: number;
  body: T;
  afterCommit?: () => void;
}

export interface IdempotentAnswer<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

export interface IdempotentRequest {
  userId: string;
  key: string | undefined;
  method: string;
  path: string;
  body: unknown;
}

export interface IdempotencyOptions {
  /** After this long a pending key is presumed abandoned and may be taken over. */
  leaseMs?: number;
  /** How long a duplicate waits for the first answer before a 409. */
  maxWaitMs?: number;
}

const DEFAULTS = { leaseMs: 30_000, maxWaitMs: 60_000 };

/** The parts of a request that make it "the same request": method, path and canonical body. */
export function idempotentRequestOf(request: FastifyRequest, userId: string): IdempotentRequest {
  const header = request.headers[IDEMPOTENCY_HEADER];
  return { userId, key: typeof header === 'string' ? header : undefined, method: request.method, path: request.url.split('?')[0]!, body: request.body };
}

export function requestHash(request: Pick<IdempotentRequest, 'method' | 'path' | 'body'>): string {
  return createHash('sha256').update(`${request.method.toUpperCase()}\n${request.path}\n${canonicalJson(request.body)}`).digest('hex');
}

/** JSON with object keys sorted at every level, so key order never changes the hash. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * What the one-call money path (wallet README, "One round trip") claims a key with, inside its own
 * single statement: the key, the request's hash and a fresh owner token. Null without a key.
 */
export interface KeyClaim {
  key: string;
  requestHash: string;
  owner: string;
}
export const keyClaimOf = (request: IdempotentRequest): KeyClaim | null =>
  request.key === undefined ? null : { key: request.key, requestHash: requestHash(request), owner: randomHex(12) };

/** Sends an answer, marking replays with `Idempotent-Replayed: true`. */
export function sendAnswer<T>(reply: FastifyReply, answer: IdempotentAnswer<T>): T {
  if (answer.replayed) reply.header(REPLAYED_HEADER, 'true');
  reply.code(answer.statusCode);
  return answer.body;
}

/** The owner lost its claim (taken over after the lease); its transaction must not commit. */
class LostClaim extends Error {}

type KeyRow = typeof idempotencyKeys.$inferSelect;

/**
 * Runs `work` in a transaction at most once per (user, key). Without a key it simply
 * runs. Throws the work's HttpError (first time and on replay alike).
 */
export async function runIdempotent<T>(
  db: Db,
  request: IdempotentRequest,
  work: (tx: Tx) => Promise<Outcome<T>>,
  options: IdempotencyOptions = {},
): Promise<IdempotentAnswer<T>> {
  if (request.key === undefined) {
    const outcome = await db.transaction(work);
    outcome.afterCommit?.();
    return { statusCode: outcome.statusCode, body: outcome.body, replayed: false };
  }
  return claimAndRun(db, request, request.key, options, (finish) =>
    db.transaction(async (tx) => {
      const result = await work(tx);
      await finish(tx, result);
      return result;
    }),
  );
}

/**
 * Like `runIdempotent`, for work that cannot sit in one transaction because it calls
 * out (a payment provider) between its own transactions. The answer is stored after the
 * work; a process that dies in between leaves a pending key whose lease another request
 * takes over, so such work must be harmless to repeat once it is abandoned (a top-up
 * that was never paid simply expires). Without a key it simply runs.
 */
export async function runIdempotentUnbound<T>(
  db: Db,
  request: IdempotentRequest,
  work: (db: Db) => Promise<Outcome<T>>,
  options: IdempotencyOptions = {},
): Promise<IdempotentAnswer<T>> {
  if (request.key === undefined) {
    const outcome = await work(db);
    outcome.afterCommit?.();
    return { statusCode: outcome.statusCode, body: outcome.body, replayed: false };
  }
  return claimAndRun(db, request, request.key, options, async (finish) => {
    const result = await work(db);
    await finish(db, result);
    return result;
  });
}

/** Stores the answer as the key's owner; throws `LostClaim` when the key is no longer ours. */
type Finish = (db: DbOrTx, result: Outcome<unknown>) => Promise<void>;
type Run<T> = (finish: Finish) => Promise<Outcome<T>>;

async function claimAndRun<T>(db: Db, request: IdempotentRequest, key: string, options: IdempotencyOptions, run: Run<T>): Promise<IdempotentAnswer<T>> {
  const { leaseMs, maxWaitMs } = { ...DEFAULTS, ...options };
  const hash = requestHash(request);
  const owner = randomHex(12);
  const deadline = Date.now() + maxWaitMs;
  let pause = 5;

  for (;;) {
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ userId: request.userId, key, requestHash: hash, owner })
      .onConflictDoNothing({ target: [idempotencyKeys.userId, idempotencyKeys.key] })
      .returning({ id: idempotencyKeys.id });
    let row: KeyRow | undefined;
    if (claimed) {
      const answer = await execute(db, claimed.id, owner, run);
      if (answer) return answer;
    } else {
      [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, key)));
    }
    while (row) {
      if (row.requestHash !== hash) throw unprocessable('idempotency.key_reused', ALREADY_USED);
      if (row.state === 'completed') return replay<T>(row);
      const taken = await takeOverIfStale(db, row, owner, leaseMs);
      if (taken) {
        const answer = await execute(db, row.id, owner, run);
        if (answer) return answer;
      }
      if (Date.now() > deadline) throw conflict('idempotency.in_progress', STILL_RUNNING);
      await waitForSettle(row.id, pause);
      pause = Math.min(pause * 2, 200);
      [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.id, row.id));
    }
    // The row is gone (its owner failed and released it): claim it again.
  }
}

/** Runs the work as the key's owner; undefined when the claim was lost meanwhile. */
async function execute<T>(db: Db, id: string, owner: string, run: Run<T>): Promise<IdempotentAnswer<T> | undefined> {
  const mine = and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.state, 'pending'));
  const finish: Finish = async (q, result) => {
    const done = await q
      .update(idempotencyKeys)
      .set({ state: 'completed', responseStatus: result.statusCode, responseBody: JSON.stringify(result.body), updatedAt: new Date() })
      .where(mine)
      .returning({ id: idempotencyKeys.id });
    if (done.length === 0) throw new LostClaim();
  };
  try {
    const outcome = await run(finish);
    notifySettled(id);
    outcome.afterCommit?.();
    return { statusCode: outcome.statusCode, body: outcome.body, replayed: false };
  } catch (error) {
    if (error instanceof LostClaim) return undefined;
    if (error instanceof HttpError && error.statusCode < 500) {
      const stored = await db
        .update(idempotencyKeys)
        .set({
          state: 'completed',
          responseStatus: error.statusCode,
          // The whole body, code included: a replay must say exactly what the first answer said.
          responseBody: JSON.stringify(errorBody(error.statusCode, error.code, error.message, error.fields)),
          updatedAt: new Date(),
        })
        .where(mine)
        .returning({ id: idempotencyKeys.id });
      notifySettled(id);
      if (stored.length === 0) return undefined;
      throw error;
    }
    await db.delete(idempotencyKeys).where(mine).catch(() => undefined);
    notifySettled(id);
    throw error;
  }
}

function replay<T>(row: KeyRow): IdempotentAnswer<T> {
  const status = row.responseStatus ?? 500;
  const body = JSON.parse(row.responseBody ?? 'null') as unknown;
  if (status >= 400) {
    const stored = (body ?? {}) as { message?: unknown; fields?: unknown };
    const fields = Array.isArray(stored.fields) ? stored.fields.filter((f): f is string => typeof f === 'string') : undefined;
    // Rows stored before error codes existed carry none: replay them as a generic refusal.
    const code = errorCodeOf(body) ?? 'request.invalid';
    throw new HttpError(status, code, typeof stored.message === 'string' ? stored.message : 'Error', { [REPLAYED_HEADER]: 'true' }, fields);
  }
  return { statusCode: status, body: body as T, replayed: true };
}

async function takeOverIfStale(db: Db, row: KeyRow, owner: string, leaseMs: number): Promise<boolean> {
  const taken = await db
    .update(idempotencyKeys)
    .set({ owner, lockedAt: sql`now()` })
    .where(
      and(
        eq(idempotencyKeys.id, row.id),
        eq(idempotencyKeys.owner, row.owner),
        eq(idempotencyKeys.state, 'pending'),
        sql`${idempotencyKeys.lockedAt} < now() - (${leaseMs} * interval '1 millisecond')`,
      ),
    )
    .returning({ id: idempotencyKeys.id });
  return taken.length > 0;
}

// Waiters in this process wake as soon as the owner settles; others poll.
const waiters = new Map<string, Set<() => void>>();

function waitForSettle(id: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const set = waiters.get(id) ?? new Set();
    waiters.set(id, set);
    const done = () => {
      clearTimeout(timer);
      set.delete(done);
      if (set.size === 0 && waiters.get(id) === set) waiters.delete(id);
      resolve();
    };
    const timer = setTimeout(done, ms);
    set.add(done);
  });
}

function notifySettled(id: string): void {
  const set = waiters.get(id);
  if (set) for (const wake of [...set]) wake();
}

/** Deletes completed keys older than `maxAgeMs` (a retention job may call it). */
export async function pruneIdempotencyKeys(db: Db, maxAgeMs: number): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.state, 'completed'), sql`${idempotencyKeys.createdAt} < now() - (${maxAgeMs} * interval '1 millisecond')`))
    .returning({ id: idempotencyKeys.id });
  return gone.length;
}
