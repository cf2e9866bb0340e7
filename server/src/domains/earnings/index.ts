/** The earnings domain's door: what other domains may use of it. */
// A creator's balances, for payouts
export { earningBalances, paidOutCents } from './earnings.service.js';
// The parties of a charge or a call as clients show them
export { partiesById, partyInfoSchema, presentParty, type PartyRow } from './party-info.js';
// Referral codes, read at sign-up
export { referrerOfCode } from './referrals.service.js';
