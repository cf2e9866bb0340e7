/**
 * The durable job that sends a mass message (`outreach.mass_send`, one unfinished job per
 * message: singleton key `mass:<id>`). It runs at `scheduledAt` (at once for "now"), moves
 * the message from `scheduled` to `sending`, and sends one batch of recipients per run (in
 * user id order), each copy through the messaging domain's `sendDirect` with the clientId
 * `mass-<massId>-<recipientId>`. After a batch it hands its key to its successor, which
 * carries the last id sent as its cursor; the last batch sets `sent` and `sentAt`.
 *
 * A run that dies midway (a crash, a lost lease, a failed send) is run again from its own
 * cursor: the copies it had sent already are answered by `sendDirect` from the stored
 * clientId, so no fan gets one twice. `recipientsCount` is counted from the stored copies,
 * never incremented, for the same reason.
 */
import { and, count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { messages } from '../messaging/messaging.tables.js';
import { massMessages } from './outreach.tables.js';
import { HttpError } from '../../http/errors.js';
import type { MessagingExtension } from '../messaging/index.js';
import { recipientsAfter } from './mass-audience.js';
import type { MassMessageRow } from './outreach.presenter.js';

export type SendDirect = MessagingExtension['sendDirect'];

export const MASS_QUEUE = 'outreach.mass_send';
export const massKey = (massId: string) => `mass:${massId}`;
/** Recipients per run of the job. */
export const MASS_BATCH = 200;

export const massClientId = (massId: string, recipientId: string) => `mass-${massId}-${recipientId}`;

export interface MassJobPayload extends Record<string, unknown> {
  massId: string;
  /** The last recipient id a finished batch covered; null or absent: from the start. */
  after?: string | null;
}

export type BatchOutcome = { kind: 'done' } | { kind: 'not_due'; at: Date } | { kind: 'more'; after: string };

/** The copies of a mass message stored so far (each fan has at most one: the clientId is unique per sender). */
export async function countCopies(ctx: AppContext, mass: Pick<MassMessageRow, 'id' | 'performerId'>): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.massId, mass.id), eq(messages.senderId, mass.performerId)));
  return row?.n ?? 0;
}

/** Moves a due message to `sending` (under its row lock); null when there is nothing to send. */
async function startSending(ctx: AppContext, massId: string, now: Date): Promise<MassMessageRow | { notDue: Date } | null> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(massMessages).where(eq(massMessages.id, massId)).for('update');
    if (!row || row.status === 'sent' || row.status === 'canceled') return null;
    if (row.status === 'sending') return row;
    if (row.scheduledAt && row.scheduledAt > now) return { notDue: row.scheduledAt };
    const [sending] = await tx.update(massMessages).set({ status: 'sending', updatedAt: now }).where(eq(massMessages.id, massId)).returning();
    return sending!;
  });
}

/** One copy; a refusal for this fan alone (a 4xx: gone, blocked meanwhile) skips the fan, anything else fails the run. */
async function sendCopy(send: SendDirect, mass: MassMessageRow, recipientId: string): Promise<void> {
  try {
    await send({
      senderId: mass.performerId,
      recipientId,
      clientId: massClientId(mass.id, recipientId),
      text: mass.text,
      priceCents: mass.priceCents,
      fileIds: mass.fileIds,
      massId: mass.id,
    });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) return;
    throw error;
  }
}

/** One run: the batch after `after`. Exported so tests can run a batch by hand (as a process that then dies). */
export async function runMassBatch(ctx: AppContext, send: SendDirect, massId: string, after: string | null, batchSize = MASS_BATCH): Promise<BatchOutcome> {
  const now = ctx.now();
  const mass = await startSending(ctx, massId, now);
  if (!mass) return { kind: 'done' };
  if ('notDue' in mass) return { kind: 'not_due', at: mass.notDue };
  const recipients = await recipientsAfter(ctx.db, mass.performerId, mass.audience, now, after, batchSize);
  for (const recipientId of recipients) await sendCopy(send, mass, recipientId);
  const recipientsCount = await countCopies(ctx, mass);
  const last = recipients.length < batchSize;
  await ctx.db
    .update(massMessages)
    .set(last ? { status: 'sent', sentAt: ctx.now(), recipientsCount, updatedAt: ctx.now() } : { recipientsCount })
    .where(and(eq(massMessages.id, massId), eq(massMessages.status, 'sending')));
  return last ? { kind: 'done' } : { kind: 'more', after: recipients.at(-1)! };
}

export function defineMassSendJob(ctx: AppContext, send: SendDirect, batchSize = MASS_BATCH): void {
  ctx.jobs.define<MassJobPayload>(
    MASS_QUEUE,
    async (payload, { job }) => {
      const outcome = await runMassBatch(ctx, send, payload.massId, payload.after ?? null, batchSize);
      if (outcome.kind === 'done') return;
      const next: MassJobPayload = { massId: payload.massId, after: outcome.kind === 'more' ? outcome.after : (payload.after ?? null) };
      const runAt = outcome.kind === 'not_due' ? outcome.at : ctx.now();
      await ctx.db.transaction((tx) => ctx.jobs.enqueue(tx, MASS_QUEUE, next, { runAt, singletonKey: massKey(payload.massId), replace: true, succeeds: job.id }));
    },
    { concurrency: 2 },
  );
}
