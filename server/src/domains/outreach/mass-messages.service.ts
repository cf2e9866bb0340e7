/** Mass messages: made, edited and deleted while `scheduled`; read with their counts. */
import type { MassMessageDto } from '@fandeck/contract';
import { and, asc, count, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { jobs } from '../../jobs/jobs.tables.js';
import { users } from '../accounts/accounts.tables.js';
import { conversationMembers, messages } from '../messaging/messaging.tables.js';
import { massMessages, type MassAudience } from './outreach.tables.js';
import { badRequest, notFound, unprocessable } from '../../http/errors.js';
import { sortColumnOf, toPage } from '../../http/pagination.js';
import { presentParty } from '../subscriptions/index.js';
import { checkAudience } from './mass-audience.js';
import { MASS_QUEUE, massKey } from './mass-send.job.js';
import { inScope } from './outreach.access.js';
import { checkContent, mergeContent } from './outreach-content.js';
import { presentMassMessage, type MassMessageRow } from './outreach.presenter.js';
import { massSortColumns, type AudienceInput, type MassMessageInput, type OpenedDto } from './outreach.schemas.js';

const NO_SUCH = 'No such mass message';

/** null (now) or a time in the future (400 naming `body.scheduledAt` otherwise). */
function scheduleOf(value: string | null | undefined, now: Date): Date | null {
  if (value === null || value === undefined) return null;
  const at = new Date(value);
  if (!(at.getTime() > now.getTime())) throw badRequest('request.invalid', 'body.scheduledAt: must be in the future', ['body.scheduledAt']);
  return at;
}

/** (Re)schedules the message's one job: at `scheduledAt`, or at once. */
async function scheduleJob(tx: Tx, ctx: AppContext, row: MassMessageRow): Promise<void> {
  await ctx.jobs.enqueue(tx, MASS_QUEUE, { massId: row.id, after: null }, { runAt: row.scheduledAt ?? ctx.now(), singletonKey: massKey(row.id), replace: true });
}

/** Opened copies per mass message. */
async function openedCounts(db: DbOrTx, massIds: string[]): Promise<Map<string, number>> {
  if (massIds.length === 0) return new Map();
  const rows = await db
    .select({ massId: messages.massId, n: count() })
    .from(messages)
    .where(and(inArray(messages.massId, massIds), isNotNull(messages.openedAt)))
    .groupBy(messages.massId);
  return new Map(rows.map((r) => [r.massId!, r.n]));
}

async function present(db: DbOrTx, row: MassMessageRow): Promise<MassMessageDto> {
  return presentMassMessage(row, (await openedCounts(db, [row.id])).get(row.id) ?? 0);
}

export interface MassInput extends MassMessageInput {
  audience: AudienceInput;
}

export async function createMassMessage(ctx: AppContext, creatorId: string, input: MassInput): Promise<MassMessageDto> {
  const content = mergeContent(null, input);
  const scheduledAt = scheduleOf(input.scheduledAt, ctx.now());
  const row = await ctx.db.transaction(async (tx) => {
    await checkContent(tx, creatorId, content);
    const audience = await checkAudience(tx, creatorId, input.audience);
    const [created] = await tx
      .insert(massMessages)
      .values({ performerId: creatorId, ...content, audience, status: 'scheduled', scheduledAt })
      .returning();
    await scheduleJob(tx, ctx, created!);
    return created!;
  });
  ctx.jobs.wake();
  return presentMassMessage(row, 0);
}

/** The row, locked, when the scope reaches it; 404 otherwise. */
async function lockedInScope(tx: Tx, scope: string | null, id: string): Promise<MassMessageRow> {
  const [row] = await tx.select().from(massMessages).where(eq(massMessages.id, id)).for('update');
  if (!row || !inScope(row.performerId, scope)) throw notFound('mass_messages.not_found', NO_SUCH);
  return row;
}

const assertEditable = (row: MassMessageRow) => {
  if (row.status !== 'scheduled') throw unprocessable('mass_messages.not_editable', `This mass message is ${row.status}: only a scheduled one may change`);
};

export async function updateMassMessage(ctx: AppContext, scope: string | null, id: string, input: MassMessageInput): Promise<MassMessageDto> {
  const row = await ctx.db.transaction(async (tx) => {
    const current = await lockedInScope(tx, scope, id);
    assertEditable(current);
    const content = mergeContent(current, input);
    await checkContent(tx, current.performerId, content);
    const audience: MassAudience = input.audience ? await checkAudience(tx, current.performerId, input.audience) : current.audience;
    const scheduledAt = input.scheduledAt === undefined ? current.scheduledAt : scheduleOf(input.scheduledAt, ctx.now());
    const [updated] = await tx
      .update(massMessages)
      .set({ ...content, audience, scheduledAt, updatedAt: ctx.now() })
      .where(eq(massMessages.id, id))
      .returning();
    await scheduleJob(tx, ctx, updated!);
    return updated!;
  });
  ctx.jobs.wake();
  return present(ctx.db, row);
}

/** Deletes a scheduled message and cancels its job; one being sent or sent stays (422). */
export async function deleteMassMessage(ctx: AppContext, scope: string | null, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await lockedInScope(tx, scope, id);
    assertEditable(current);
    await tx.delete(jobs).where(and(eq(jobs.singletonKey, massKey(id)), eq(jobs.status, 'queued')));
    await tx.delete(massMessages).where(eq(massMessages.id, id));
  });
}

export async function getMassMessage(ctx: AppContext, scope: string | null, id: string): Promise<MassMessageDto> {
  const [row] = await ctx.db.select().from(massMessages).where(eq(massMessages.id, id));
  if (!row || !inScope(row.performerId, scope)) throw notFound('mass_messages.not_found', NO_SUCH);
  return present(ctx.db, row);
}

export async function searchMassMessages(
  ctx: AppContext,
  creatorId: string,
  query: Parameters<typeof toPage>[0] & { status?: MassMessageRow['status'] },
): Promise<{ items: MassMessageDto[]; total: number }> {
  const page = toPage(query, { sortBy: 'createdAt' });
  const where = and(eq(massMessages.performerId, creatorId), query.status ? eq(massMessages.status, query.status) : undefined);
  const column = sortColumnOf(massSortColumns, page, massMessages.createdAt);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(massMessages)
      .where(where)
      .orderBy(page.sort === 'asc' ? sql`${column} asc nulls first` : sql`${column} desc nulls last`, asc(massMessages.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(massMessages).where(where),
  ]);
  const opened = await openedCounts(ctx.db, rows.map((r) => r.id));
  return { items: rows.map((r) => presentMassMessage(r, opened.get(r.id) ?? 0)), total: total?.total ?? 0 };
}

/** How many copies were opened, of how many sent, and a page of who opened them (most recent first). */
export async function openedOf(ctx: AppContext, scope: string | null, id: string, query: { offset?: number; limit?: number }): Promise<OpenedDto> {
  const [row] = await ctx.db.select().from(massMessages).where(eq(massMessages.id, id));
  if (!row || !inScope(row.performerId, scope)) throw notFound('mass_messages.not_found', NO_SUCH);
  const openedCopy = and(eq(messages.massId, id), eq(messages.senderId, row.performerId), isNotNull(messages.openedAt));
  // The recipient of a copy: the conversation's other member.
  const openers = await ctx.db
    .select({ id: users.id, name: users.name, username: users.username, avatarPath: users.avatarPath, openedAt: messages.openedAt })
    .from(messages)
    .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, messages.conversationId), ne(conversationMembers.userId, messages.senderId)))
    .innerJoin(users, eq(users.id, conversationMembers.userId))
    .where(openedCopy)
    .orderBy(desc(messages.openedAt), asc(users.id))
    .limit(query.limit ?? 20)
    .offset(query.offset ?? 0);
  const openedCount = (await openedCounts(ctx.db, [id])).get(id) ?? 0;
  const origin = ctx.config.publicOrigin;
  return {
    openedCount,
    recipientsCount: row.recipientsCount,
    data: openers.map((o) => ({ ...presentParty(origin, o), openedAt: o.openedAt!.toISOString() })),
    total: openedCount,
  };
}
