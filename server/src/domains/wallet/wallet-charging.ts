/**
 * The wallet's charging outside a charge handler (a subscription's period), as its extension
 * point offers it (`WalletCharging`): the same terms, split, ledger movement and live balances
 * as every wallet purchase.
 */
import type { AppContext } from '../../context.js';
import { splitPrice } from './commission-split.js';
import type { WalletCharging } from './wallet.extension.js';
import { announceBalances, chargeTerms, postSplit } from './wallet.service.js';

export const walletCharging = (ctx: AppContext): WalletCharging => ({
  chargeTerms,
  splitPrice,
  postSplit,
  announceBalances: (buyerId, creatorId, split, balancesAfter) => announceBalances(ctx, buyerId, creatorId, split, balancesAfter),
});
