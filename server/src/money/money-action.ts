import type { MoneyAction } from '@fandeck/contract';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import type { AuthUser } from '../http/guard.js';
import type { KeyClaim, Outcome } from './idempotency.js';

/**
 * A money action as the server runs it: the contract's declaration (`@fandeck/contract`
 * `moneyActions`) plus the code that prices it and the code that does it. The engine
 * (`money-routes.ts`) turns one of these into the action route and its quote route and
 * enforces what the contract promises: signed in, once per `Idempotency-Key` when one is
 * sent (a keyless request is a fresh action), and, when the client sends the quote it
 * confirmed, exactly that request at that price, once.
 */

/** What an action costs, by the action's own pricing code, in cents. */
export interface Priced {
  /** What leaves the payer's wallet or card. */
  priceCents: number;
  /** What a top-up adds to the wallet; null for purchases. */
  creditCents: number | null;
  /** The item or creator the path names, as resolved (a creator's username becomes their id). */
  itemId: string | null;
  /** The user who is paid; the quote names them from the platform's own records. */
  recipientId: string | null;
  /** The item's title, when it has one. */
  description: string | null;
  /** A private call's length (quote `minutes`), which the client words in the fan's language. */
  minutes?: number;
}

export interface MoneyCall<B> {
  ctx: AppContext;
  user: AuthUser;
  /** Path parameters as the router decoded them. */
  params: Record<string, string>;
  /** The validated body (amounts already in cents). */
  body: B;
  /** The canonical action path, without the `/api` mount. */
  path: string;
}

export interface ActionCall<B> extends MoneyCall<B> {
  /** Undefined when the client sent none: then the request is a fresh action. */
  idempotencyKey: string | undefined;
}

/**
 * Told the price the action is about to charge, inside its transaction and before any
 * money moves. When the request carried a quote, a different price or credit throws a
 * 409 `payment.price_changed`, which rolls the action back.
 */
export type PriceCheck = (priced: Pick<Priced, 'priceCents' | 'creditCents'>) => void;

interface Common<B extends z.ZodType, R extends z.ZodType> {
  /** The contract's declaration: name, path, quote path, kind, price source. */
  action: MoneyAction;
  tags: string[];
  summary: string;
  description?: string;
  /** The body of both the action and its quote; its issues are 400s naming the field. */
  body: B;
  /** The action's 200 answer (envelope included). */
  response: R;
  /** Prices the request without changing anything; runs in a transaction that is rolled back. */
  quote(tx: Tx, call: MoneyCall<z.output<B>>): Promise<Priced>;
}

/** What the one-call path claims and spends in its one statement, besides doing the work. */
export interface OneCallClaim {
  /** The Idempotency-Key's claim; null for a keyless request. */
  key: KeyClaim | null;
  /** The quote the request carried, verified; the statement spends it for `spender` and charges only at its price. */
  quote: { id: string; expiresAt: Date; spender: string; priceCents: number; creditCents: number | null } | null;
}

/** The usual action: its work and the stored answer commit together. */
export interface TransactionalAction<B extends z.ZodType, R extends z.ZodType> extends Common<B, R> {
  runs: 'in-transaction';
  perform(tx: Tx, call: ActionCall<z.output<B>>, check: PriceCheck): Promise<Outcome<z.output<R>>>;
  /**
   * The same work in one database round trip and one commit (claim, checks, charge, ledger,
   * stored answer), when the action can: undefined (a refusal, a key already claimed, an item
   * it cannot price in one statement) rolls back whatever it did and sends the request down
   * the usual path (`perform` under `runIdempotent`), which decides and words every refusal.
   */
  performInOneCall?(call: ActionCall<z.output<B>>, claim: OneCallClaim): Promise<Outcome<z.output<R>> | undefined>;
}

/** An action that calls out between its own transactions (a payment provider); see `runIdempotentUnbound`. */
export interface UnboundAction<B extends z.ZodType, R extends z.ZodType> extends Common<B, R> {
  runs: 'own-transactions';
  perform(db: Db, call: ActionCall<z.output<B>>, check: PriceCheck): Promise<Outcome<z.output<R>>>;
}

export type MoneyActionDefinition<B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> = TransactionalAction<B, R> | UnboundAction<B, R>;

export const defineMoneyAction = <B extends z.ZodType, R extends z.ZodType>(definition: MoneyActionDefinition<B, R>) => definition;
