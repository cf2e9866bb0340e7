/** The wallet's door: what the domains that sell something use of it, beside its extension point. */
// The extension point's type (`deps.get('wallet')`), its charging outside a handler, and what a refund gives back
export type { ChargedNotice, ChargeListener, WalletCharging, WalletExtension } from './wallet.extension.js';
export type { RefundResult } from './refund.js';
// Selling an item: a charge handler and the charge row it sees
export { defineHandler, type WalletChargeRow } from './charge-handler.js';
// The shapes of charging outside a handler (subscriptions; the calls are the extension point's): terms, the split, the balances
export type { ChargeResult, ChargeTerms } from './wallet.service.js';
export type { Split } from './commission-split.js';
