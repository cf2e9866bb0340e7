import type { ChargeKind, NotificationType } from '@fandeck/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import type { AutoMessageTrigger } from '../outreach/outreach.tables.js';
import type { WalletChargeTarget, walletCharges } from './wallet.tables.js';
import type { AuthUser } from '../../http/guard.js';
import type { SettingKey, SettingValues } from '../settings/index.js';

export { CHARGE_KINDS, type ChargeKind } from '@fandeck/contract';

export type WalletChargeRow = typeof walletCharges.$inferSelect;

/** What a handler found: the item, who is paid, and the price in cents. */
export interface Purchase {
  target: WalletChargeTarget;
  targetId: string;
  performerId: string;
  priceCents: number;
  /** The item's title as the fan's confirm dialog shows it (a video's title); null for a tip. */
  description?: string | null;
  /** A private call's length: the quote's `minutes`, worded by the client (no server text). */
  minutes?: number;
  message?: string | null;
  conversationId?: string | null;
}

/**
 * A purchase the one-call path (`one-call-charge.ts`, the database function `money_charge`)
 * can make in one statement: paid to a creator the path names, at a price the request
 * carries. Today that is a tip; a kind whose price or records live in its own tables goes
 * the usual way.
 */
export interface OneCallItem<K extends SettingKey = SettingKey> {
  target: WalletChargeTarget;
  /** The creator paid, by id or username as the path named them; found and checked in the statement. */
  creator: string;
  priceCents: number;
  message: string | null;
  conversationId: string | null;
  /** Two of the handler's `settings` the price must lie between, both ends inclusive (what `checkPrice` checks). */
  range?: { min: K; max: K };
  /**
   * The creator's notification, stored in the same commit; its web push and automatic
   * message (`trigger`) go through the notifications' delivery job, enqueued with it.
   */
  notify?: { type: NotificationType; trigger: AutoMessageTrigger };
}

/**
 * One kind of purchase, plugged in through the wallet's `registerChargeHandler`. The
 * engine (`wallet.service.ts`) does everything common to all of them, inside one
 * transaction: it asks the handler for the item and its price, debits the wallet and
 * shares the price out through the ledger, writes the `wallet_charges` row, then lets the
 * handler write its own records (`fulfil`: an order, an unlock, a ticket) so they commit
 * or roll back with the money. The quote route calls the same `price` in a transaction
 * that is rolled back, so `price` must only read, and `fulfil` does the writing.
 */
export interface ChargeHandler<B extends z.ZodType = z.ZodType, K extends SettingKey = SettingKey> {
  kind: ChargeKind;
  /** The request body; its issues are 400s naming the field. */
  body: B;
  /** Finds and prices the item, or throws a 404 (no such item) or 422 (a rule refuses). Reads only. */
  price(tx: Tx, ctx: AppContext, buyer: AuthUser, itemId: string, body: z.output<B>): Promise<Purchase>;
  /** The settings `checkPrice` reads (a tip's limits); the engine reads them with its own, in one query. */
  settings?: readonly K[];
  /** Refuses a price the settings do not allow (a 422), once the engine has read them. */
  checkPrice?(item: Purchase, settings: Pick<SettingValues, K>): void;
  /** The 422 message when a creator tries to buy from themselves. */
  selfPurchaseMessage?: string;
  fulfil?(tx: Tx, ctx: AppContext, charge: WalletChargeRow, body: z.output<B>): Promise<void>;
  /** The purchase as the one-call path makes it; without it every request goes the usual way. */
  oneCall?(buyer: AuthUser, itemId: string, body: z.output<B>): OneCallItem<K>;
  /** After the purchase committed, once (never on a replay): tell someone (a tip's notification). Must not throw. */
  afterCommit?(ctx: AppContext, charge: WalletChargeRow): void;
}

/** Erases a handler's body type so handlers of different kinds fit one registry. */
export const defineHandler = <B extends z.ZodType, K extends SettingKey = never>(handler: ChargeHandler<B, K>): ChargeHandler =>
  handler as unknown as ChargeHandler;
