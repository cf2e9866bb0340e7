/**
 * Money actions, declared once. Each entry is route metadata the three sides read:
 *
 * - the server registers the action route and its quote route from it and enforces it
 *   (once per `Idempotency-Key`; the price comes from where it says; a quote token,
 *   when sent, binds the call to exactly what was quoted);
 * - the bridge derives from it what a third-party page may pay for: a page never calls a
 *   money route directly, it sends one `pay` command naming the action, its parameters and
 *   its body; the bridge asks the server for the quote, shows the fan that exact action
 *   and sends that same request itself;
 * - the widgets' models name actions instead of building paths.
 *
 * Every wallet charge kind is an action (`charge:<kind>`); a domain that sells something
 * plugs a charge handler into the server and gets its action, quote, bridge support and
 * confirm dialog from here without touching any of them.
 */
import type { HttpMethod, RouteAccess } from './routes.js';

/** Spec section 7: every kind of `POST /wallet/charges/{kind}/{id}`. */
export const CHARGE_KINDS = [
  'tip',
  'feed',
  'product',
  'video',
  'gallery',
  'message',
  'stream',
  'auction',
  'gift',
  'crowdfunding',
  'event',
  'booking-cameo',
] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

/** What the confirm dialog says the fan is doing (`call`: paying for a private call, whose length the quote's `minutes` gives; `gift`: a live gift, named by the quote's `description`). */
export type PayKind = 'tip' | 'contribute' | 'unlock' | 'topup' | 'subscribe' | 'call' | 'gift';

/** Where the price the server charges comes from. */
export type PriceSource =
  /** The fan chose it: this body field (decimal units). */
  | { from: 'body'; field: string }
  /** The item's own price, read by the server; a body field of the same name is ignored. */
  | { from: 'item' };

export interface MoneyAction {
  /** The name a `pay` command carries: `topup`, `charge:tip`, `charge:video`. */
  name: string;
  method: Extract<HttpMethod, 'POST'>;
  /** Who may call the action and its quote: a signed-in caller (the server's guard reads it from here). */
  access: Extract<RouteAccess, 'authenticated'>;
  /** The action route (spec form). */
  path: string;
  /** Answers the quote of the same body without moving money: `path` + `/quote`. */
  quotePath: string;
  kind: PayKind;
  price: PriceSource;
  /**
   * Our clients always send one, and retries with the same key replay the first answer.
   * Existing clients send none (api-contract section 7): such a request is a fresh action.
   */
  idempotencyKey: 'optional';
  /** A third-party page must have the fan confirm it in the platform's own dialog. */
  confirmOnPage: boolean;
  /**
   * `'page'`: it acts on something the fan already has with a creator (a subscription), so a
   * third-party page may pay it only for the creators who own the page, as a route marked
   * `embed: 'page'`: the bridge sends the page's origin (`PAGE_ORIGIN_HEADER`) with its quote
   * and its action, and the server refuses it for another creator (403 `embeds.origin_not_owned`).
   * Absent: any page may (the fan confirms who is paid).
   */
  embed?: 'page';
}

const action = (name: string, path: string, kind: PayKind, price: PriceSource): MoneyAction => ({
  name,
  method: 'POST',
  access: 'authenticated',
  path,
  quotePath: `${path}/quote`,
  kind,
  price,
  idempotencyKey: 'optional',
  confirmOnPage: true,
});

export const chargeActionName = (kind: ChargeKind) => `charge:${kind}` as const;

/**
 * The charges whose amount the fan chooses (the body's `price`): a tip, and a contribution to
 * a crowdfunding goal (its own confirm texts: `contribute`). Every other kind charges the
 * item's own price.
 */
const FAN_PRICED: ReadonlySet<ChargeKind> = new Set(['tip', 'crowdfunding']);

/** Item-priced kinds the dialog words as something other than an unlock: a private call is paid for, a gift sent, not unlocked. */
const ITEM_PAY_KINDS: Partial<Record<ChargeKind, PayKind>> = { stream: 'call', gift: 'gift' };

export const moneyActions: readonly MoneyAction[] = [
  action('topup', '/payment/wallet/top-up', 'topup', { from: 'body', field: 'amount' }),
  // `{ performerId, type }`: the plan's price by the creator's record (0 for the free offer).
  action('subscribe', '/payment/subscribe/performers', 'subscribe', { from: 'item' }),
  // `{}`: takes a cancel back, so the subscription renews again at its plan's price (nothing is
  // charged now; the quote is the renewal's price). Confirmed as a subscription to its creator.
  { ...action('resume', '/subscriptions/:id/resume', 'subscribe', { from: 'item' }), embed: 'page' },
  ...CHARGE_KINDS.map((kind) =>
    FAN_PRICED.has(kind)
      ? action(chargeActionName(kind), `/wallet/charges/${kind}/:id`, kind === 'tip' ? 'tip' : 'contribute', { from: 'body', field: 'price' })
      : action(chargeActionName(kind), `/wallet/charges/${kind}/:id`, ITEM_PAY_KINDS[kind] ?? 'unlock', { from: 'item' }),
  ),
];

export type MoneyActionName = 'topup' | 'subscribe' | 'resume' | ReturnType<typeof chargeActionName>;

const byName = new Map(moneyActions.map((entry) => [entry.name, entry]));
export function moneyAction(name: string): MoneyAction | undefined {
  return byName.get(name);
}

/** Sent back with the action call: the server's signed quote the fan confirmed. */
export const QUOTE_HEADER = 'x-fandeck-quote';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * What a quote answers: the action exactly as the server will charge it. `price` is
 * what leaves the fan's wallet or card, `credit` what a top-up adds to the wallet.
 */
export interface PayQuote {
  action: string;
  kind: PayKind;
  /** The item or creator the path names, as the server resolved it. */
  itemId: string | null;
  /** Who is paid, by the platform's own record (never the page's say-so). */
  recipient: { _id: string; name: string; username: string | null } | null;
  /** The item's title by the platform's record, when it has one. */
  description: string | null;
  price: number;
  credit: number | null;
  currency: string;
  /** Opaque, signed: send it back in `x-fandeck-quote` with the same body. */
  quote: string;
  expiresAt: string;
  /**
   * A private call's length in minutes (kind `call`), so the dialog words the item in the
   * fan's language from its own texts instead of showing a server text; absent otherwise.
   */
  minutes?: number;
}

/** A `pay` request: the action, its path parameters, its body and the key that makes retries safe. */
export interface PayRequest {
  action: MoneyActionName;
  params: Record<string, string>;
  body: Record<string, unknown>;
  idempotencyKey: string;
}
