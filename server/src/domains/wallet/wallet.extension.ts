/**
 * The wallet's extension point, declared apart from its routes so the domains that sell
 * something type against it through the wallet's door without loading the routes.
 */
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import type { AuthUser } from '../../http/guard.js';
import type { SettingKey } from '../settings/index.js';
import type { ChargeHandler } from './charge-handler.js';
import type { CommissionRates, Referrers, Split } from './commission-split.js';
import type { RefundResult } from './refund.js';
import type { ChargeResult, ChargeTerms, SplitMovement } from './wallet.service.js';

/**
 * Paying a creator from a fan's wallet outside a charge handler (a subscription's period), in
 * the caller's transaction: the same checks, split, ledger movement and live balances as
 * every wallet purchase (`wallet-charging.ts`).
 */
export interface WalletCharging {
  /**
   * Whether this buyer may pay this creator at all (422 `wallet.self_purchase` with
   * `selfMessage`, a block, an unverified creator), with the commission rates and `keys`.
   */
  chargeTerms<K extends SettingKey>(tx: Tx, buyer: Pick<AuthUser, 'id' | 'role'>, creatorId: string, keys: readonly K[], selfMessage: string): Promise<ChargeTerms<K>>;
  /** The price shared out: the creator's earnings, the referrers' shares, the platform's rest. */
  splitPrice(priceCents: number, rates: CommissionRates, referrers: Referrers): Split;
  /** The split's ledger movement (the buyer's wallet debited only if it covers the price), last in the transaction; the balances after it. */
  postSplit(tx: Tx, movement: SplitMovement): Promise<ChargeResult['balancesAfter']>;
  /** After commit: `update_balance` to the buyer (wallet) and the creator (earnings). */
  announceBalances(buyerId: string, creatorId: string, split: Pick<Split, 'priceCents' | 'earningsCents'>, balancesAfter: ChargeResult['balancesAfter']): void;
}

/** A wallet charge that committed, as the listeners of `onCharged` see it (amounts in decimal units). */
export interface ChargedNotice {
  _id: string;
  target: string;
  targetId: string;
  /** The buyer. */
  sourceId: string;
  performerId: string;
  price: number;
  conversationId: string | null;
  createdAt: string;
}

export type ChargeListener = (ctx: AppContext, charge: ChargedNotice) => void;

/** What the wallet offers the domains that sell something. */
export interface WalletExtension extends WalletCharging {
  /**
   * Sells a charge kind from the wallet: its action and quote routes, idempotency, quote
   * checks, ledger split, charge record and live events come with it. A domain calls it
   * from its own `register` (with `dependsOn: ['wallet']`); one handler per kind.
   */
  registerChargeHandler(handler: ChargeHandler): void;
  /**
   * Refunds one successful charge in full, in the caller's transaction (`refund.ts`): the
   * fan's wallet gets the price back and the creator, platform and referrers give back
   * exactly what the charge gave them. A second refund is a 409 `payment.already_refunded`;
   * earnings already withdrawn a 409 `wallet.refund_not_covered`. Call `announceRefund`
   * after commit.
   */
  refundCharge(tx: Tx, chargeId: string): Promise<RefundResult>;
  /** After commit: `update_balance` to the fan (wallet) and the creator (earnings). */
  announceRefund(result: RefundResult): void;
  /**
   * Runs after every wallet charge committed, once (never on a replayed request), whichever
   * path made it (the one-call statement or a handler's transaction): live gifts show tips
   * and gifts in a stream's room. A listener must not throw; it is not awaited.
   */
  onCharged(listener: ChargeListener): void;
}

declare module '../plugin.js' {
  interface DomainExtensions {
    wallet: WalletExtension;
  }
}
