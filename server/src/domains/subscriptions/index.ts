/** The subscriptions domain's door: what other domains (performers, outreach) use of it. */
// A creator's plans and what they offer
export { PLAN_LIMIT_KEYS, planOffers } from './plans.js';
// Whether a viewer subscribes to each of a page of creators
export { viewerRelations } from './subscriptions.queries.js';
// The parties of a subscription as clients show them
export { partyInfoSchema, presentParty } from './subscriptions.presenter.js';
// Keeping a creator's subscriber count and a subscription's renewal right (the demo seed grants subscriptions)
export { recountSubscribers, scheduleRenewal } from './subscription-state.js';
