/**
 * How a purchase price is shared out, in integer cents.
 *
 * Rule (documented in the API reference and the wallet tests):
 * - Rates are settings in 0..1; they are turned into parts per million
 *   (`round(rate * 1e6)`) so every later step is integer arithmetic.
 * - The creator earns `floor(price * (1e6 - commissionPpm) / 1e6)`; the platform's
 *   share is the rest, so rounding always favours the platform by under a cent.
 * - Referral commissions are paid on the price, out of the platform's share, never
 *   the creator's: the creator's referrer gets `floor(price * performerReferralPpm / 1e6)`,
 *   then the fan's referrer `floor(price * userReferralPpm / 1e6)`, each capped at what
 *   is left of the platform's share, so the platform's part is never negative.
 * - The parts always sum to the price and none is negative.
 */
export interface CommissionRates {
  /** The platform's commission on the price (setting `performerCommission`). */
  performerCommission: number;
  /** Paid to whoever referred the creator (setting `performerReferralCommission`). */
  performerReferralCommission: number;
  /** Paid to whoever referred the fan (setting `userReferralCommission`). */
  userReferralCommission: number;
}

export interface Referrers {
  /** The user who referred the creator, if any. */
  creatorReferrerId: string | null;
  /** The user who referred the fan, if any. */
  fanReferrerId: string | null;
}

export interface Split {
  priceCents: number;
  earningsCents: number;
  platformCents: number;
  /** Referral commissions by referrer user id (a referrer of both sides gets one sum). */
  referrals: Map<string, number>;
  referralCents: number;
}

const MILLION = 1_000_000n;

export const toPpm = (rate: number): bigint => {
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) throw new Error(`Commission rate out of range: ${rate}`);
  return BigInt(Math.round(rate * 1_000_000));
};

/** `floor(cents * ppm / 1e6)` without floating point. */
const share = (cents: bigint, ppm: bigint): bigint => (cents * ppm) / MILLION;

export function splitPrice(priceCents: number, rates: CommissionRates, referrers: Referrers): Split {
  if (!Number.isSafeInteger(priceCents) || priceCents <= 0) throw new Error(`Price must be positive integer cents: ${priceCents}`);
  const price = BigInt(priceCents);
  const earnings = share(price, MILLION - toPpm(rates.performerCommission));
  let platform = price - earnings;
  const referrals = new Map<string, number>();
  const pay = (referrerId: string | null, rate: number) => {
    if (!referrerId) return;
    const wanted = share(price, toPpm(rate));
    const paid = wanted < platform ? wanted : platform;
    if (paid <= 0n) return;
    platform -= paid;
    referrals.set(referrerId, (referrals.get(referrerId) ?? 0) + Number(paid));
  };
  pay(referrers.creatorReferrerId, rates.performerReferralCommission);
  pay(referrers.fanReferrerId, rates.userReferralCommission);
  const referralCents = [...referrals.values()].reduce((a, b) => a + b, 0);
  return { priceCents, earningsCents: Number(earnings), platformCents: Number(platform), referrals, referralCents };
}
