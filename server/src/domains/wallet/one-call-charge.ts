import type { AppContext } from '../../context.js';
import { queryNamed } from '../../db/client.js';
import { isId, newId } from '../../db/schema/ids.js';
import type { AuthUser } from '../../http/guard.js';
import type { Outcome } from '../../money/idempotency.js';
import { fromCents } from '../../money/amounts.js';
import { LEDGER_SHARDS } from '../../money/ledger/ledger.js';
import type { OneCallClaim } from '../../money/money-action.js';
import { DELIVERY_QUEUE, type NotificationRow, type NotificationsExtension } from '../notifications/index.js';
import { numericSettingRules } from '../settings/index.js';
import type { ChargeHandler, OneCallItem } from './charge-handler.js';
import type { ChargeDto } from './wallet.presenter.js';
import type { ChargeListener } from './wallet.extension.js';
import { announceBalances, COMMISSION_KEYS } from './wallet.service.js';

/** The marker `money_charge` raises when it leaves the request to the usual path (migrations 0024, 0029). */
const FALLBACK = 'money_charge: fallback';

interface Answer {
  answer: { status: 0; data: ChargeDto };
  performerId: string;
  earningsCents: number | string;
  /** The fan's wallet right after the charge. */
  walletCents: number | string;
  /** The creator's earnings right after the charge, shards included. */
  earningsBalanceCents: number | string;
  /** What the creator's notification calls the fan. */
  fanName: string;
  /** The notification was stored kept off the site (the creator's preference for its type). */
  noteHidden: boolean;
  jobId: string | null;
}

/** True for the statement's own fallback, however the driver wraps it. */
export function isFallback(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = (e as { cause?: unknown }).cause) if (e.message.includes(FALLBACK)) return true;
  return false;
}

const rulesOf = new Map<ChargeHandler, ReturnType<typeof numericSettingRules>>();

export interface OneCallRequest {
  ctx: AppContext;
  handler: ChargeHandler;
  notifications: NotificationsExtension;
  buyer: AuthUser;
  item: OneCallItem;
  claim: OneCallClaim;
  /** After commit, with the charge as answered (the wallet's `onCharged` listeners). */
  charged?: ChargeListener;
}

/**
 * A wallet charge in one round trip and one commit: one `select money_charge(...)`, which
 * claims the key, spends the quote, checks, splits, posts the ledger, writes the charge,
 * the creator's notification (and its delivery job) and the stored answer. Undefined when
 * the statement left the request to the usual path: it then changed nothing.
 */
export async function chargeInOneCall({ ctx, handler, notifications, buyer, item, claim, charged }: OneCallRequest): Promise<Outcome<Answer['answer']> | undefined> {
  // A quote with a credit never pays a charge; the usual path words that refusal.
  if (claim.quote && claim.quote.creditCents !== null) return undefined;
  let rules = rulesOf.get(handler);
  if (!rules) rulesOf.set(handler, (rules = numericSettingRules([...(handler.settings ?? []), ...COMMISSION_KEYS])));
  const params = {
    userId: buyer.id,
    userRole: buyer.role,
    key: claim.key?.key ?? null,
    requestHash: claim.key?.requestHash ?? null,
    owner: claim.key?.owner ?? null,
    quoteId: claim.quote?.id ?? null,
    quoteSpender: claim.quote?.spender ?? null,
    quoteExpiresAt: claim.quote?.expiresAt.toISOString() ?? null,
    quotedPriceCents: claim.quote?.priceCents ?? null,
    byId: isId(item.creator),
    item: item.creator,
    target: item.target,
    priceCents: item.priceCents,
    message: item.message,
    conversationId: item.conversationId,
    settings: rules,
    minSetting: item.range?.min ?? null,
    maxSetting: item.range?.max ?? null,
    shard: Math.floor(Math.random() * LEDGER_SHARDS),
    now: ctx.now().toISOString(),
    notifyType: item.notify?.type ?? null,
    autoTrigger: item.notify?.trigger ?? null,
    deliveryQueue: DELIVERY_QUEUE,
    // The claim, the charge, the movement, the notification, the job, and one per ledger entry (at most five).
    ids: Array.from({ length: 10 }, newId),
  };
  let done: Answer;
  try {
    const [row] = await queryNamed<{ r: Answer | string }>(ctx.db, 'money_charge', 'select money_charge($1::jsonb) as r', [JSON.stringify(params)]);
    done = typeof row!.r === 'string' ? (JSON.parse(row!.r) as Answer) : row!.r;
  } catch (error) {
    if (isFallback(error)) return undefined;
    throw error;
  }
  const afterCommit = () => {
    announceBalances(ctx, buyer.id, done.performerId, { priceCents: item.priceCents, earningsCents: Number(done.earningsCents) }, {
      buyerWalletCents: Number(done.walletCents),
      creatorEarningsCents: Number(done.earningsBalanceCents),
    });
    const charge = done.answer.data;
    ctx.realtime.emitToUser(buyer.id, 'token_transaction_success', charge);
    if (item.notify) {
      // The row money_charge stored, as notify would have sent it.
      const at = new Date(params.now);
      const data = { actorId: buyer.id, amount: fromCents(item.priceCents), chargeId: charge._id, conversationId: item.conversationId, message: item.message, actorName: done.fanName };
      const row: NotificationRow = { id: params.ids[3]!, userId: done.performerId, type: item.notify.type, data, readAt: null, hidden: done.noteHidden, createdAt: at, updatedAt: at };
      notifications.sendLive(row);
    }
    if (done.jobId) ctx.jobs.wake();
    charged?.(ctx, charge);
  };
  return { statusCode: 200, body: done.answer, afterCommit };
}
