/** The coupons domain's door: what top-ups (payments) use of it. */
// Finding and checking a coupon, and its discount
export { assertUsable, COUPON_CODE_PATTERN, discountCents, findCoupon } from './coupons.service.js';
// A coupon's reservation during a top-up: reserve, extend, redeem, release
export { extendHold, redeemReservation, releaseReservation, reserveCoupon } from './coupons.service.js';
