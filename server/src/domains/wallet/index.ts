/** The wallet's door: what the domains that sell something use of it, beside its extension point. */
// The extension point's type (`deps.get('wallet')`) and what a refund gives back
export type { ChargedNotice, ChargeListener, WalletExtension } from './wallet.extension.js';
export type { RefundResult } from './refund.js';
// Selling an item: a charge handler and the charge row it sees
export { defineHandler, type WalletChargeRow } from './charge-handler.js';
// Charging outside a handler (subscriptions): terms, the ledger split, balance events
export { announceBalances, chargeTerms, postSplit, type ChargeResult, type ChargeTerms } from './wallet.service.js';
export { splitPrice, type Split } from './commission-split.js';
