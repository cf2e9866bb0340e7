import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitPrice, toPpm } from './commission-split.js';

const defaults = { performerCommission: 0.2, performerReferralCommission: 0.05, userReferralCommission: 0.02 };
const none = { creatorReferrerId: null, fanReferrerId: null };

describe('splitPrice', () => {
  it('gives the creator 80% and the platform 20% by default', () => {
    expect(splitPrice(1000, defaults, none)).toMatchObject({ priceCents: 1000, earningsCents: 800, platformCents: 200, referralCents: 0 });
  });

  it('rounds the creator down and gives the remainder to the platform', () => {
    // 10.01 * 0.8 = 8.008 -> 8.00 to the creator, 2.01 to the platform.
    expect(splitPrice(1001, defaults, none)).toMatchObject({ earningsCents: 800, platformCents: 201 });
    // Rates that are not exact in binary floating point still split exactly.
    expect(splitPrice(1000, { ...defaults, performerCommission: 0.7 }, none)).toMatchObject({ earningsCents: 300, platformCents: 700 });
    expect(splitPrice(1, defaults, none)).toMatchObject({ earningsCents: 0, platformCents: 1 });
  });

  it('pays referral commissions on the price, out of the platform share', () => {
    const split = splitPrice(1000, defaults, { creatorReferrerId: 'r1', fanReferrerId: 'r2' });
    expect(split).toMatchObject({ earningsCents: 800, platformCents: 130, referralCents: 70 });
    expect([...split.referrals]).toEqual([
      ['r1', 50],
      ['r2', 20],
    ]);
    // One referrer of both sides gets one sum.
    expect([...splitPrice(1000, defaults, { creatorReferrerId: 'r', fanReferrerId: 'r' }).referrals]).toEqual([['r', 70]]);
  });

  it('caps referral commissions at the platform share, creator referrer first', () => {
    const rates = { performerCommission: 0.1, performerReferralCommission: 0.08, userReferralCommission: 0.05 };
    const split = splitPrice(1000, rates, { creatorReferrerId: 'r1', fanReferrerId: 'r2' });
    expect(split).toMatchObject({ earningsCents: 900, platformCents: 0, referralCents: 100 });
    expect([...split.referrals]).toEqual([
      ['r1', 80],
      ['r2', 20],
    ]);
    expect(splitPrice(1000, { ...rates, performerCommission: 0 }, { creatorReferrerId: 'r1', fanReferrerId: 'r2' }).referrals.size).toBe(0);
  });

  it('refuses prices that are not positive integer cents and rates outside 0..1', () => {
    expect(() => splitPrice(0, defaults, none)).toThrow();
    expect(() => splitPrice(10.5, defaults, none)).toThrow();
    expect(() => toPpm(1.5)).toThrow();
    expect(() => toPpm(Number.NaN)).toThrow();
  });

  it('always sums to the price with no negative part', () => {
    const rate = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.record({ performerCommission: rate, performerReferralCommission: rate, userReferralCommission: rate }),
        fc.boolean(),
        fc.boolean(),
        (price, rates, a, b) => {
          const s = splitPrice(price, rates, { creatorReferrerId: a ? 'a' : null, fanReferrerId: b ? 'b' : null });
          expect(s.earningsCents + s.platformCents + s.referralCents).toBe(price);
          expect(Math.min(s.earningsCents, s.platformCents, s.referralCents, ...s.referrals.values())).toBeGreaterThanOrEqual(0);
          expect(s.earningsCents).toBeLessThanOrEqual(price);
        },
      ),
    );
  });
});
