import { LIMITS } from '@fandeck/contract';
import { and, count, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { couponRedemptions, coupons, type CouponType } from './coupons.tables.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';

/**
 * Coupons discount wallet top-ups. The fan pays less and the wallet still receives the
 * full amount; the platform funds the difference (a ledger posting from its account).
 *
 * Limits are counted by reservation: creating a top-up with a coupon reserves one use
 * under a row lock on the coupon, so concurrent top-ups can never exceed the limits. A
 * reservation counts until the charge expires (`hold_until`); paying turns it into a
 * redemption, a failed or cancelled payment releases it.
 */
export type Coupon = typeof coupons.$inferSelect;

export const COUPON_EXPIRED = 'This coupon has expired';
export const COUPON_INACTIVE = 'This coupon is not active';
export const COUPON_EXHAUSTED = 'This coupon has reached its usage limit';
export const COUPON_USED_BY_YOU = 'You have already used this coupon the maximum number of times';

export const normalizeCode = (code: string) => code.trim().toUpperCase();
export const COUPON_CODE_PATTERN = new RegExp(`^[A-Za-z0-9_-]{3,${LIMITS.catalog.couponCodeMax}}$`);

/** The discount in cents: a percentage is rounded down to the cent; a fixed value never exceeds the amount. */
export function discountCents(coupon: Pick<Coupon, 'type' | 'value'>, amountCents: number): number {
  if (coupon.type === 'percentage') return Math.floor((amountCents * coupon.value) / 10_000);
  return Math.min(coupon.value, amountCents);
}

export async function findCoupon(db: DbOrTx, code: string, lock = false): Promise<Coupon> {
  const query = db.select().from(coupons).where(eq(coupons.code, normalizeCode(code)));
  const [coupon] = lock ? await query.for('update') : await query;
  if (!coupon) throw notFound('coupons.not_found', 'Coupon not found');
  return coupon;
}

/** Uses that count against the limits: redeemed ones and reservations still on hold. */
export async function countUses(db: DbOrTx, couponId: string, userId: string, now: Date): Promise<{ total: number; mine: number }> {
  const live = and(
    eq(couponRedemptions.couponId, couponId),
    or(eq(couponRedemptions.status, 'redeemed'), and(eq(couponRedemptions.status, 'reserved'), gt(couponRedemptions.holdUntil, now))),
  );
  const [row] = await db
    .select({ total: count(), mine: sql<number>`count(*) filter (where ${couponRedemptions.userId} = ${userId})` })
    .from(couponRedemptions)
    .where(live);
  return { total: Number(row?.total ?? 0), mine: Number(row?.mine ?? 0) };
}

/** Throws the refusal a fan sees when the coupon cannot be used by them now. */
export async function assertUsable(db: DbOrTx, coupon: Coupon, userId: string, now: Date) {
  if (!coupon.active) throw unprocessable('coupons.inactive', COUPON_INACTIVE);
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) throw unprocessable('coupons.expired', COUPON_EXPIRED);
  const uses = await countUses(db, coupon.id, userId, now);
  if (coupon.maxUses !== null && uses.total >= coupon.maxUses) throw unprocessable('coupons.exhausted', COUPON_EXHAUSTED);
  if (coupon.maxUsesPerUser !== null && uses.mine >= coupon.maxUsesPerUser) throw unprocessable('coupons.used_by_you', COUPON_USED_BY_YOU);
  return uses;
}

export interface Reservation {
  coupon: Coupon;
  discountCents: number;
}

/**
 * Reserves one use for a top-up inside the caller's transaction. The coupon row is locked
 * first, so every reservation of one coupon is counted after the previous one committed.
 */
export async function reserveCoupon(
  tx: Tx,
  input: { code: string; userId: string; transactionId: string; amountCents: number; holdUntil: Date; now: Date },
): Promise<Reservation> {
  const coupon = await findCoupon(tx, input.code, true);
  await assertUsable(tx, coupon, input.userId, input.now);
  const discount = discountCents(coupon, input.amountCents);
  await tx.insert(couponRedemptions).values({
    couponId: coupon.id,
    userId: input.userId,
    transactionId: input.transactionId,
    status: 'reserved',
    discountCents: discount,
    holdUntil: input.holdUntil,
  });
  return { coupon, discountCents: discount };
}

/** The top-up was paid: its reservation becomes a redemption (even if its hold had run out). */
export async function redeemReservation(tx: Tx, transactionId: string): Promise<void> {
  await tx.update(couponRedemptions).set({ status: 'redeemed', updatedAt: new Date() }).where(eq(couponRedemptions.transactionId, transactionId));
}

/** The top-up failed or was cancelled: its use is free again. */
export async function releaseReservation(tx: DbOrTx, transactionId: string): Promise<void> {
  await tx
    .update(couponRedemptions)
    .set({ status: 'released', updatedAt: new Date() })
    .where(and(eq(couponRedemptions.transactionId, transactionId), eq(couponRedemptions.status, 'reserved')));
}

/** A coupon's hold on a top-up, moved to the charge's real expiry once the gateway gave it. */
export async function extendHold(tx: DbOrTx, transactionId: string, holdUntil: Date): Promise<void> {
  await tx.update(couponRedemptions).set({ holdUntil }).where(eq(couponRedemptions.transactionId, transactionId));
}

export interface CouponInput {
  code: string;
  type: CouponType;
  /** Hundredths: of a percent, or cents. */
  value: number;
  expiresAt?: Date | null | undefined;
  maxUses?: number | null | undefined;
  maxUsesPerUser?: number | null | undefined;
  active?: boolean | undefined;
}

export async function createCoupon(db: DbOrTx, input: CouponInput): Promise<Coupon> {
  if (input.type === 'percentage' && input.value >= 10_000) throw unprocessable('coupons.percentage_too_high', 'A percentage coupon must be below 100%');
  try {
    const [coupon] = await db
      .insert(coupons)
      .values({
        code: normalizeCode(input.code),
        type: input.type,
        value: input.value,
        expiresAt: input.expiresAt ?? null,
        maxUses: input.maxUses ?? null,
        maxUsesPerUser: input.maxUsesPerUser ?? null,
        active: input.active ?? true,
      })
      .returning();
    return coupon!;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('coupons.code_taken', 'A coupon with this code already exists');
    throw error;
  }
}

export async function listCoupons(db: DbOrTx, page: { offset: number; limit: number }): Promise<{ items: Coupon[]; total: number }> {
  const items = await db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id)).limit(page.limit).offset(page.offset);
  const [row] = await db.select({ total: count() }).from(coupons);
  return { items, total: Number(row?.total ?? 0) };
}

/** Changes a coupon's fields (its code too, still unique); a percentage stays below 100 %. */
export async function updateCoupon(db: DbOrTx, id: string, input: Partial<CouponInput>): Promise<Coupon> {
  const [current] = await db.select().from(coupons).where(eq(coupons.id, id));
  if (!current) throw notFound('coupons.not_found', 'Coupon not found');
  const type = input.type ?? current.type;
  const value = input.value ?? current.value;
  if (type === 'percentage' && value >= 10_000) throw unprocessable('coupons.percentage_too_high', 'A percentage coupon must be below 100%');
  const { code, ...rest } = input;
  try {
    const [coupon] = await db
      .update(coupons)
      .set({ ...rest, ...(code === undefined ? {} : { code: normalizeCode(code) }), updatedAt: new Date() })
      .where(eq(coupons.id, id))
      .returning();
    return coupon!;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('coupons.code_taken', 'A coupon with this code already exists');
    throw error;
  }
}

/** Deletes a coupon no fan ever used (reserved or redeemed); a used one is switched off instead (422). */
export async function deleteCoupon(db: DbOrTx, id: string): Promise<void> {
  const [used] = await db.select({ id: couponRedemptions.id }).from(couponRedemptions).where(eq(couponRedemptions.couponId, id)).limit(1);
  if (used) throw unprocessable('coupons.in_use', 'This coupon has been used: switch it off instead of deleting it');
  const deleted = await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
  if (deleted.length === 0) throw notFound('coupons.not_found', 'Coupon not found');
}
