/**
 * The private call lifecycle (spec: request, approve or reject, start, edit, join, delete).
 * A fan asks a creator for a call at the creator's private price; the creator approves or
 * rejects it; a paid call is paid by the fan (`charge:stream`, private-call-handler.ts)
 * before the creator can start it; starting opens a `streams` row of type `private`.
 */
import { and, asc, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { assertNotBlocked } from '../../content/blocks.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { isId } from '../../db/schema/ids.js';
import { users } from '../accounts/accounts.tables.js';
import { conversationMembers, conversations } from '../messaging/messaging.tables.js';
import { performers } from '../performers/performers.tables.js';
import { streams } from '../streaming/streaming.tables.js';
import { walletCharges } from '../wallet/wallet.tables.js';
import { privateStreamRequests } from './private-streams.tables.js';
import { notFound, unprocessable } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import { sortColumnOf, toPage, type ListQuery } from '../../http/pagination.js';
import { partiesById } from '../earnings/index.js';
import type { RefundResult, WalletExtension } from '../wallet/index.js';
import { presentRequest, type RequestRow, type StreamRow } from './private-streams.presenter.js';

/** What the wallet charge of a private call is recorded as (contract section 4's `private_chat`). */
export const PRIVATE_CALL_TARGET = 'private_chat' as const;

export interface RequestBody {
  performerId: string;
  duration?: number | undefined;
  note?: string | undefined;
}
export interface EditBody {
  duration?: number | undefined;
  note?: string | undefined;
}
export type RequestSearch = ListQuery & { status?: RequestRow['status'] | undefined };

const NOT_FOUND = 'No private call request with this id is yours';
const requestNotFound = () => notFound('streaming.request_not_found', NOT_FOUND);
const invalidState = (message: string) => unprocessable('streaming.request_invalid_state', message);

/** The pair's private conversation, opened like the messaging domain does (one per pair, `pairKey` = both ids sorted). */
async function privateConversationOf(tx: Tx, fanId: string, creatorId: string): Promise<string> {
  const pairKey = [fanId, creatorId].sort().join(':');
  await tx.insert(conversations).values({ type: 'private', pairKey, performerId: creatorId }).onConflictDoNothing({ target: conversations.pairKey });
  const [row] = await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.pairKey, pairKey)).limit(1);
  await tx
    .insert(conversationMembers)
    .values([
      { conversationId: row!.id, userId: fanId },
      { conversationId: row!.id, userId: creatorId },
    ])
    .onConflictDoNothing();
  return row!.id;
}

/** `POST /streaming/private/request`: priced at the creator's private call price now (0: a free call). */
export async function requestCall(ctx: AppContext, fan: AuthUser, body: RequestBody): Promise<RequestRow> {
  if (!isId(body.performerId)) throw notFound('performers.not_found', 'No creator with this id');
  const [creator] = await ctx.db
    .select({ id: users.id, priceCents: performers.privateCallPriceCents })
    .from(users)
    .innerJoin(performers, eq(performers.userId, users.id))
    .where(and(eq(users.id, body.performerId), eq(users.role, 'performer'), eq(users.status, 'active')))
    .limit(1);
  if (!creator) throw notFound('performers.not_found', 'No creator with this id');
  if (creator.id === fan.id) throw invalidState('You cannot ask yourself for a private call');
  await assertNotBlocked(ctx.db, creator.id, fan);
  return ctx.db.transaction(async (tx) => {
    const conversationId = await privateConversationOf(tx, fan.id, creator.id);
    const [row] = await tx
      .insert(privateStreamRequests)
      .values({
        performerId: creator.id,
        userId: fan.id,
        conversationId,
        status: 'pending',
        priceCents: creator.priceCents,
        durationMinutes: body.duration ?? 15,
        note: body.note ?? '',
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .returning();
    return row!;
  });
}

/** The request if the user is one of its two parties (`as`: only as that party), locked for the transaction. */
async function lockRequest(tx: Tx, id: string, user: AuthUser, as: 'creator' | 'fan' | 'either'): Promise<RequestRow> {
  if (!isId(id)) throw requestNotFound();
  const party =
    as === 'creator'
      ? eq(privateStreamRequests.performerId, user.id)
      : as === 'fan'
        ? eq(privateStreamRequests.userId, user.id)
        : or(eq(privateStreamRequests.performerId, user.id), eq(privateStreamRequests.userId, user.id));
  const [row] = await tx
    .select()
    .from(privateStreamRequests)
    .where(and(eq(privateStreamRequests.id, id), party))
    .for('update')
    .limit(1);
  if (!row) throw requestNotFound();
  return row;
}

async function update(tx: Tx, ctx: AppContext, id: string, values: Partial<typeof privateStreamRequests.$inferInsert>): Promise<RequestRow> {
  const [row] = await tx
    .update(privateStreamRequests)
    .set({ ...values, updatedAt: ctx.now() })
    .where(eq(privateStreamRequests.id, id))
    .returning();
  return row!;
}

/** Approve or reject: the creator, a pending request only. */
export async function decide(ctx: AppContext, creator: AuthUser, id: string, status: 'approved' | 'rejected'): Promise<RequestRow> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockRequest(tx, id, creator, 'creator');
    if (row.status !== 'pending') throw invalidState(`Only a pending request can be ${status}`);
    return update(tx, ctx, row.id, { status });
  });
}

/**
 * Which of these requests their fan has paid (a successful wallet charge of the fan's for
 * the request), in one query however many there are; read in the caller's transaction.
 */
export async function paidRequestIds(db: DbOrTx, requests: readonly Pick<RequestRow, 'id' | 'userId'>[]): Promise<Set<string>> {
  if (requests.length === 0) return new Set();
  const fanOf = new Map(requests.map((r) => [r.id, r.userId]));
  const rows = await db
    .selectDistinct({ targetId: walletCharges.targetId, userId: walletCharges.userId })
    .from(walletCharges)
    .where(
      and(
        eq(walletCharges.target, PRIVATE_CALL_TARGET),
        inArray(walletCharges.targetId, [...fanOf.keys()]),
        inArray(walletCharges.userId, [...new Set(fanOf.values())]),
        eq(walletCharges.status, 'success'),
      ),
    );
  // Only the request's own fan's charge counts (the pairs, not just any id with any fan of the page).
  return new Set(rows.filter((row) => fanOf.get(row.targetId) === row.userId).map((row) => row.targetId));
}

/** Whether the fan's wallet charge for this request went through (read in the caller's transaction). */
export async function isPaid(db: DbOrTx, request: Pick<RequestRow, 'id' | 'userId'>): Promise<boolean> {
  return (await paidRequestIds(db, [request])).has(request.id);
}

/**
 * `POST /streaming/private/{id}/start`: the creator starts an approved call. A paid call must
 * have been paid by the fan first (a free one needs nothing). Opens the call's stream
 * (type `private`, broadcasting) in the same transaction that links it to the request, so
 * a retried start answers the call already started instead of opening a second one.
 */
export async function startCall(ctx: AppContext, creator: AuthUser, id: string): Promise<{ request: RequestRow; stream: StreamRow }> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockRequest(tx, id, creator, 'creator');
    if (row.streamId) {
      const [stream] = await tx.select().from(streams).where(eq(streams.id, row.streamId)).limit(1);
      if (stream && stream.state !== 'finished') return { request: row, stream };
      throw invalidState('This call has ended');
    }
    if (row.status !== 'approved') throw invalidState('Only an approved request can be started');
    if (row.priceCents > 0 && !(await isPaid(tx, row))) throw invalidState('The fan has not paid for this call yet');
    const now = ctx.now();
    const [stream] = await tx
      .insert(streams)
      .values({
        performerId: row.performerId,
        type: 'private',
        title: '',
        state: 'broadcasting',
        conversationId: row.conversationId,
        durationMinutes: row.durationMinutes,
        startedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const request = await update(tx, ctx, row.id, { streamId: stream!.id });
    return { request, stream: stream! };
  });
}

/** `POST /streaming/private/{id}/edit`: the creator changes the length or the note before the call starts. */
export async function editCall(ctx: AppContext, creator: AuthUser, id: string, body: EditBody): Promise<RequestRow> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockRequest(tx, id, creator, 'creator');
    if (row.status === 'rejected' || row.streamId) throw invalidState('Only a pending or approved call that has not started can be edited');
    return update(tx, ctx, row.id, {
      ...(body.duration !== undefined ? { durationMinutes: body.duration } : {}),
      ...(body.note !== undefined ? { note: body.note } : {}),
    });
  });
}

/** `POST /streaming/private/{id}/join`: the call's stream, for its fan or its creator, once started. */
export async function joinCall(ctx: AppContext, user: AuthUser, id: string): Promise<{ request: RequestRow; stream: StreamRow }> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockRequest(tx, id, user, 'either');
    if (!row.streamId) throw invalidState('This call has not started');
    const [stream] = await tx.select().from(streams).where(eq(streams.id, row.streamId)).limit(1);
    if (!stream) throw invalidState('This call has not started');
    return { request: row, stream };
  });
}

/** The fan's successful wallet charge for this request, if any (read in the caller's transaction). */
async function paidChargeOf(tx: Tx, request: Pick<RequestRow, 'id' | 'userId'>): Promise<string | null> {
  const [charge] = await tx
    .select({ id: walletCharges.id })
    .from(walletCharges)
    .where(
      and(
        eq(walletCharges.target, PRIVATE_CALL_TARGET),
        eq(walletCharges.targetId, request.id),
        eq(walletCharges.userId, request.userId),
        eq(walletCharges.status, 'success'),
      ),
    )
    .limit(1);
  return charge?.id ?? null;
}

export interface DeletedCall {
  row: RequestRow;
  /** The refund of the fan's payment, when the call was paid (announce it after commit). */
  refund: RefundResult | null;
}

/**
 * `DELETE /streaming/private/{id}`: the fan while it is pending or once paid, the creator any
 * time, as long as it has not started. A paid call is cancelled: its charge is refunded in
 * full (the wallet's `refundCharge`) in the same transaction that deletes the request, so
 * there is never a refund without the cancel nor a cancel without the refund. The request
 * row is locked first, as the payment locks it before its charge: of two deletes at once,
 * the second finds nothing (404) and nothing is refunded twice. A refund the wallet refuses
 * (the creator's earnings already withdrawn) refuses the delete.
 */
export async function deleteCall(ctx: AppContext, user: AuthUser, id: string, wallet: Pick<WalletExtension, 'refundCharge'>): Promise<DeletedCall> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockRequest(tx, id, user, 'either');
    // Either side may withdraw before the call starts: a fan who changed their mind need not
    // leave an approved call hanging, and a paid one is refunded in this transaction.
    if (row.streamId) throw invalidState('A call that has started cannot be deleted');
    const chargeId = await paidChargeOf(tx, row);
    const refund = chargeId ? await wallet.refundCharge(tx, chargeId) : null;
    await tx.delete(privateStreamRequests).where(eq(privateStreamRequests.id, row.id));
    return { row, refund };
  });
}

const sortColumns = { createdAt: privateStreamRequests.createdAt, updatedAt: privateStreamRequests.updatedAt, price: privateStreamRequests.priceCents };
export const REQUEST_SORTS = Object.keys(sortColumns) as (keyof typeof sortColumns)[];

/** `GET /streaming/private/search` and `/list`: the caller's requests, as fan or creator, with both parties named. */
export async function searchCalls(ctx: AppContext, user: AuthUser, query: RequestSearch) {
  const page = toPage(query, { limit: 10 });
  const filters: SQL[] = [or(eq(privateStreamRequests.performerId, user.id), eq(privateStreamRequests.userId, user.id))!];
  if (query.status) filters.push(eq(privateStreamRequests.status, query.status));
  const where = and(...filters);
  const column = sortColumnOf(sortColumns, page, privateStreamRequests.updatedAt);
  const order = page.sort === 'asc' ? asc(column) : desc(column);
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(privateStreamRequests).where(where).orderBy(order, desc(privateStreamRequests.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ n: count() }).from(privateStreamRequests).where(where),
  ]);
  const [parties, paid] = await Promise.all([partiesById(ctx.db, rows.flatMap((r) => [r.performerId, r.userId])), paidRequestIds(ctx.db, rows)]);
  return { items: rows.map((r) => presentRequest(r, ctx.config.publicOrigin, paid.has(r.id), parties)), total: total?.n ?? 0 };
}

/** One request presented with both parties named and whether it is paid. */
export async function presentWithParties(ctx: AppContext, row: RequestRow) {
  const [parties, paid] = await Promise.all([partiesById(ctx.db, [row.performerId, row.userId]), isPaid(ctx.db, row)]);
  return presentRequest(row, ctx.config.publicOrigin, paid, parties);
}
