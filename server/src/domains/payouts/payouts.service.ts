/**
 * Payout requests (issue 10, point 4; contract section 6, defect 6). A request reserves its
 * amount in the same transaction that writes it: `earnings:<id>` −amount, `payout:<id>`
 * +amount, a checked debit, so the reserved sum can never pass the earnings. The partial
 * unique index `payout_requests_one_open` allows one open (`pending` or `approved`) request
 * per creator, so concurrent requests cannot both pass a read. Staff mark a request `done`
 * (the money leaves: `payout:<id>` → `gateway:payouts`) or `rejected` (it goes back to the
 * earnings), each in the transaction that changes the status, the row locked.
 */
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { BalanceEvent } from '@fandeck/contract/schemas';
import type { PayoutCalculation, PayoutRequestDto } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { payoutRequests, type PayoutAccountType, type PayoutStatus } from './payouts.tables.js';
import { conflict, HttpError, notFound, unprocessable } from '../../http/errors.js';
import { fromCents } from '../../money/amounts.js';
import { sortColumnOf, toPage, type ListQuery } from '../../http/pagination.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { postMovement, type Posting } from '../../money/ledger/ledger.js';
import { isVerifiedCreator, requireVerifiedCreator } from '../accounts/index.js';
import { earningBalances, paidOutCents, partiesById } from '../earnings/index.js';
import { readSettings } from '../settings/index.js';
import { payoutDetailsOf } from './payout-methods.js';
import { presentPayout, type PayoutRow } from './payouts.presenter.js';

export const OPEN_STATUSES = ['pending', 'approved'] as const satisfies readonly PayoutStatus[];
/** Where paid-out money goes: the clearing account of the payouts made outside the platform. */
export const PAYOUT_CLEARING = accountKeys.gateway('payouts');

/** Staff may move a request only along these. */
export const PAYOUT_TRANSITIONS: Readonly<Record<PayoutStatus, readonly PayoutStatus[]>> = {
  pending: ['approved', 'rejected', 'done'],
  approved: ['done', 'rejected'],
  rejected: [],
  done: [],
};

const ALREADY_PENDING = 'You already have a payout request waiting for review';
const INSUFFICIENT_EARNINGS = 'The amount is more than your available earnings';
const NOT_FOUND = 'Payout request not found';
const METHOD_MISSING = 'Add your payout details for this method before requesting a payout';

async function minimumPayoutCents(db: DbOrTx): Promise<number> {
  const { minPayoutAmount } = await readSettings(db, ['minPayoutAmount']);
  return Math.round(minPayoutAmount * 100);
}

function assertMinimum(requestedCents: number, minimumCents: number): void {
  if (requestedCents < minimumCents) throw unprocessable('payouts.below_minimum', `The minimum payout is ${fromCents(minimumCents).toFixed(2)}`);
}

async function detailsFor(db: DbOrTx, performerId: string, method: PayoutAccountType): Promise<Record<string, unknown>> {
  const details = await payoutDetailsOf(db, performerId, method);
  if (!details) throw unprocessable('payouts.method_missing', METHOD_MISSING);
  return details;
}

/** A movement of the creator's earnings; a debit the balance does not cover is `payouts.insufficient_earnings`. */
async function moveEarnings(tx: Tx, kind: string, payoutId: string, postings: Posting[]) {
  try {
    return await postMovement(tx, { kind, referenceType: 'payout_request', referenceId: payoutId, postings });
  } catch (error) {
    if (error instanceof HttpError && error.code === 'wallet.insufficient_balance') throw unprocessable('payouts.insufficient_earnings', INSUFFICIENT_EARNINGS);
    throw error;
  }
}

/** Reserves `cents` more for the request (negative gives that much back to the earnings). */
const reserve = (tx: Tx, performerId: string, payoutId: string, cents: number) =>
  moveEarnings(tx, 'payout_reserve', payoutId, [
    { account: accountKeys.earnings(performerId), amountCents: -cents },
    { account: accountKeys.payout(performerId), amountCents: cents },
  ]);

/** After commit: the creator's earnings balance moved by `token` cents and is now `balanceCents`. */
function announceEarnings(ctx: AppContext, performerId: string, tokenCents: number, balanceCents: number): void {
  const event: BalanceEvent = { token: fromCents(tokenCents), balance: fromCents(balanceCents), account: 'earnings' };
  ctx.realtime.emitToUser(performerId, 'update_balance', event);
}

async function openRequestOf(db: DbOrTx, performerId: string): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select()
    .from(payoutRequests)
    .where(and(eq(payoutRequests.performerId, performerId), inArray(payoutRequests.status, [...OPEN_STATUSES])))
    .limit(1);
  return row;
}

/** What the creator could request now: `requestCents`, or all of the available earnings. */
export async function calculatePayout(ctx: AppContext, performerId: string, requestCents: number | undefined): Promise<PayoutCalculation> {
  const [{ availableCents, reservedCents }, paid, minimum, open, verified] = await Promise.all([
    earningBalances(ctx.db, performerId),
    paidOutCents(ctx.db, performerId),
    minimumPayoutCents(ctx.db),
    openRequestOf(ctx.db, performerId),
    isVerifiedCreator(ctx.db, performerId),
  ]);
  const amount = requestCents ?? availableCents;
  return {
    availableAmount: fromCents(availableCents),
    pendingAmount: fromCents(reservedCents),
    paidAmount: fromCents(paid),
    minimumPayout: fromCents(minimum),
    canRequest: verified && !open && amount > 0 && amount >= minimum && amount <= availableCents,
    totalEarnedTokens: fromCents(availableCents + reservedCents + paid),
    previousPaidOutTokens: fromCents(paid),
    remainingUnpaidTokens: fromCents(availableCents + reservedCents),
  };
}

export interface PayoutInput {
  requestedCents: number;
  paymentAccountType: PayoutAccountType;
  requestNote?: string | undefined;
}

export async function createPayout(ctx: AppContext, performerId: string, input: PayoutInput): Promise<PayoutRequestDto> {
  await requireVerifiedCreator(ctx.db, performerId);
  assertMinimum(input.requestedCents, await minimumPayoutCents(ctx.db));
  const details = await detailsFor(ctx.db, performerId, input.paymentAccountType);
  let created: { row: PayoutRow; earningsCents: number };
  try {
    created = await ctx.db.transaction(async (tx) => {
      // The row first: the one-open index makes a concurrent second request wait here and fail.
      const [row] = await tx
        .insert(payoutRequests)
        .values({
          performerId,
          requestedCents: input.requestedCents,
          status: 'pending',
          paymentAccountType: input.paymentAccountType,
          paymentAccountInfo: details,
          requestNote: input.requestNote ?? '',
        })
        .returning();
      const { balances } = await reserve(tx, performerId, row!.id, input.requestedCents);
      return { row: row!, earningsCents: balances.get(accountKeys.earnings(performerId))! };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('payouts.already_pending', ALREADY_PENDING);
    throw error;
  }
  announceEarnings(ctx, performerId, -input.requestedCents, created.earningsCents);
  return presentPayout(created.row);
}

export interface PayoutChange {
  requestedCents?: number | undefined;
  paymentAccountType?: PayoutAccountType | undefined;
  requestNote?: string | undefined;
}

/** The creator changes their own request while it is pending; a new amount is reserved or given back at once. */
export async function updatePayout(ctx: AppContext, performerId: string, id: string, change: PayoutChange): Promise<PayoutRequestDto> {
  const minimum = await minimumPayoutCents(ctx.db);
  const { row, deltaCents, earningsCents } = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(payoutRequests)
      .where(and(eq(payoutRequests.id, id), eq(payoutRequests.performerId, performerId)))
      .for('update');
    if (!current) throw notFound('payouts.not_found', NOT_FOUND);
    if (current.status !== 'pending') throw conflict('payouts.not_editable', 'Only a pending payout request can be changed');
    const requestedCents = change.requestedCents ?? current.requestedCents;
    assertMinimum(requestedCents, minimum);
    const method = change.paymentAccountType ?? current.paymentAccountType;
    const details = method !== current.paymentAccountType ? await detailsFor(tx, performerId, method) : current.paymentAccountInfo;
    const delta = requestedCents - current.requestedCents;
    const moved = delta !== 0 ? await reserve(tx, performerId, current.id, delta) : null;
    const [updated] = await tx
      .update(payoutRequests)
      .set({ requestedCents, paymentAccountType: method, paymentAccountInfo: details, requestNote: change.requestNote ?? current.requestNote, updatedAt: ctx.now() })
      .where(eq(payoutRequests.id, current.id))
      .returning();
    return { row: updated!, deltaCents: delta, earningsCents: moved?.balances.get(accountKeys.earnings(performerId)) ?? 0 };
  });
  if (deltaCents !== 0) announceEarnings(ctx, performerId, -deltaCents, earningsCents);
  return presentPayout(row);
}

export interface StatusChange {
  status: Exclude<PayoutStatus, 'pending'>;
  adminNote?: string | undefined;
}

/** Staff move a request along `PAYOUT_TRANSITIONS`; the money follows in the same transaction. */
export async function setPayoutStatus(ctx: AppContext, reviewerId: string, id: string, change: StatusChange): Promise<PayoutRequestDto> {
  const { row, returnedCents, earningsCents } = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(payoutRequests).where(eq(payoutRequests.id, id)).for('update');
    if (!current) throw notFound('payouts.not_found', NOT_FOUND);
    if (!PAYOUT_TRANSITIONS[current.status].includes(change.status)) {
      throw conflict('payouts.invalid_transition', `A ${current.status} payout request cannot become ${change.status}`);
    }
    const amount = current.requestedCents;
    const reserved = accountKeys.payout(current.performerId);
    let earnings = 0;
    if (change.status === 'done') {
      await moveEarnings(tx, 'payout_paid', current.id, [
        { account: reserved, amountCents: -amount },
        { account: PAYOUT_CLEARING, amountCents: amount },
      ]);
    } else if (change.status === 'rejected') {
      const { balances } = await reserve(tx, current.performerId, current.id, -amount);
      earnings = balances.get(accountKeys.earnings(current.performerId))!;
    }
    const now = ctx.now();
    const [updated] = await tx
      .update(payoutRequests)
      .set({ status: change.status, adminNote: change.adminNote ?? current.adminNote, reviewedBy: reviewerId, reviewedAt: now, updatedAt: now })
      .where(eq(payoutRequests.id, current.id))
      .returning();
    return { row: updated!, returnedCents: change.status === 'rejected' ? amount : 0, earningsCents: earnings };
  });
  if (returnedCents) announceEarnings(ctx, row.performerId, returnedCents, earningsCents);
  return presentPayout(row, await performerOf(ctx, row.performerId));
}

async function performerOf(ctx: AppContext, performerId: string) {
  const party = (await partiesById(ctx.db, [performerId])).get(performerId);
  return party ? { origin: ctx.config.publicOrigin, party } : undefined;
}

export const payoutSortColumns = {
  updatedAt: payoutRequests.updatedAt,
  createdAt: payoutRequests.createdAt,
  requestAmount: payoutRequests.requestedCents,
} as const;

export interface PayoutSearch extends ListQuery {
  status?: PayoutStatus | undefined;
  performerId?: string | undefined;
}

/** A creator's own requests (`performerId` fixed), or all of them for staff, with the creator named. */
export async function searchPayouts(ctx: AppContext, query: PayoutSearch, options: { withPerformer: boolean }): Promise<{ items: PayoutRequestDto[]; total: number }> {
  const page = toPage(query);
  const filters: SQL[] = [];
  if (query.performerId) filters.push(eq(payoutRequests.performerId, query.performerId));
  if (query.status) filters.push(eq(payoutRequests.status, query.status));
  const where = filters.length ? and(...filters) : undefined;
  const column = sortColumnOf(payoutSortColumns, page, payoutRequests.updatedAt);
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(payoutRequests)
      .where(where)
      .orderBy(page.sort === 'asc' ? asc(column) : desc(column), asc(payoutRequests.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(payoutRequests).where(where),
  ]);
  const parties = options.withPerformer ? await partiesById(ctx.db, rows.map((r) => r.performerId)) : new Map();
  const items = rows.map((row) => {
    const party = parties.get(row.performerId);
    return presentPayout(row, party ? { origin: ctx.config.publicOrigin, party } : undefined);
  });
  return { items, total: counted?.total ?? 0 };
}

/** One request: the creator's own only (anyone else's is not found), or any for staff. */
export async function viewPayout(ctx: AppContext, id: string, viewer: { performerId: string } | { staff: true }): Promise<PayoutRequestDto> {
  const [row] = await ctx.db.select().from(payoutRequests).where(eq(payoutRequests.id, id)).limit(1);
  if (!row || ('performerId' in viewer && row.performerId !== viewer.performerId)) throw notFound('payouts.not_found', NOT_FOUND);
  if (!('staff' in viewer)) return presentPayout(row);
  // Staff paying it out need the whole details the creator's settings hold now (a list shows them masked).
  const [performer, details] = await Promise.all([performerOf(ctx, row.performerId), payoutDetailsOf(ctx.db, row.performerId, row.paymentAccountType, { masked: false })]);
  return { ...presentPayout(row, performer), paymentDetails: details };
}

/** Whether the creator has an open request (pending or approved), and which. */
export async function pendingReview(ctx: AppContext, performerId: string): Promise<{ pending: boolean; request: PayoutRequestDto | null }> {
  const open = await openRequestOf(ctx.db, performerId);
  return { pending: Boolean(open), request: open ? presentPayout(open) : null };
}
