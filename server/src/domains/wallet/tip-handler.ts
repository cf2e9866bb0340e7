import { LIMITS } from '@fandeck/contract';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { isId } from '../../db/schema/ids.js';
import { users } from '../accounts/accounts.tables.js';
import { notFound, unprocessable } from '../../http/errors.js';
import { amountSchema, fromCents } from '../../money/amounts.js';
import type { NotificationsExtension } from '../notifications/index.js';
import { defineHandler, type ChargeHandler } from './charge-handler.js';

export const TIP_MESSAGE_MAX = LIMITS.tip.messageMax;
export const NO_SUCH_CREATOR = 'No creator with this id can be tipped';
export const SELF_TIP = 'You cannot tip yourself';
const TIP_RECEIVED = 'tip.received';

export const tipBodySchema = z.object({
  /** Decimal units, as everywhere in the API (`10.5`). */
  price: amountSchema,
  message: z.string().trim().max(TIP_MESSAGE_MAX).optional(),
  /** The conversation the tip was sent from, if any (a chat shows it inline). */
  conversationId: z.string().min(1).max(64).optional(),
});
export type TipBody = z.output<typeof tipBodySchema>;

/** Settings hold decimal units (multiples of 0.01); the engine works in cents. */
const settingToCents = (units: number) => Math.round(units * 100);
const display = (cents: number) => fromCents(cents).toFixed(2);

/** An active creator by id or username (case-insensitive), read in the purchase transaction. */
export async function findTippableCreator(tx: Tx, idOrUsername: string): Promise<{ id: string }> {
  const match = isId(idOrUsername) ? eq(users.id, idOrUsername) : eq(sql`lower(${users.username})`, idOrUsername.toLowerCase());
  const [creator] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(match, eq(users.role, 'performer'), eq(users.status, 'active')))
    .limit(1);
  if (!creator) throw notFound('wallet.creator_not_found', NO_SUCH_CREATOR);
  return creator;
}

/**
 * A tip to a creator: `POST /wallet/charges/tip/{creator id or username}` with
 * `{ price, message?, conversationId? }`. The limits are the `minTipAmount` and
 * `maxTipAmount` settings, read on every tip (with the engine's own) and enforced here, never only in the
 * browser (contract section 6.2); both ends are inclusive.
 */
export const tipHandler = defineHandler({
  kind: 'tip',
  body: tipBodySchema,
  selfPurchaseMessage: SELF_TIP,
  async price(tx, _ctx, _buyer, creatorIdOrUsername, body) {
    const creator = await findTippableCreator(tx, creatorIdOrUsername);
    return {
      target: 'tip',
      targetId: creator.id,
      performerId: creator.id,
      priceCents: body.price,
      description: null,
      message: body.message ? body.message : null,
      conversationId: body.conversationId ?? null,
    };
  },
  settings: ['minTipAmount', 'maxTipAmount'],
  // The whole tip in one statement: creator, checks, limits, split, ledger, and the notice below stored with it.
  oneCall: (_buyer, creator, body) => ({
    target: 'tip',
    creator,
    priceCents: body.price,
    message: body.message ? body.message : null,
    conversationId: body.conversationId ?? null,
    range: { min: 'minTipAmount', max: 'maxTipAmount' },
    notify: { type: TIP_RECEIVED, trigger: 'tip' },
  }),
  checkPrice(item, limits) {
    const min = settingToCents(limits.minTipAmount);
    const max = settingToCents(limits.maxTipAmount);
    if (item.priceCents < min || item.priceCents > max) {
      throw unprocessable('wallet.tip_out_of_range', `The tip must be between ${display(min)} and ${display(max)}`);
    }
  },
});

/** After a tip committed: the creator is told (`tip.received`), without waiting for it. */
export const tipNotice =
  (notifications: NotificationsExtension): NonNullable<ChargeHandler['afterCommit']> =>
  (_ctx, charge) =>
    void notifications.notify({
      userId: charge.performerId,
      type: TIP_RECEIVED,
      data: { actorId: charge.userId, amount: fromCents(charge.priceCents), chargeId: charge.id, conversationId: charge.conversationId, message: charge.message },
    });
