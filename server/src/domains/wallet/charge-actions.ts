import { chargeActionName, moneyAction, type ChargeKind } from '@fandeck/contract';
import { envelopeSchema, ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { defineMoneyAction } from '../../money/money-action.js';
import type { ChargeHandler } from './charge-handler.js';
import { handlerBody, type ChargeRegistry } from './charge-registry.js';
import { chargeInOneCall } from './one-call-charge.js';
import type { NotificationsExtension } from '../notifications/index.js';
import { chargeSchema, presentCharge } from './wallet.presenter.js';
import type { ChargeListener } from './wallet.extension.js';
import { announceCharge, priceCharge, purchase } from './wallet.service.js';

const nouns: Partial<Record<ChargeKind, string>> = { crowdfunding: 'crowdfunding campaign', 'booking-cameo': 'cameo booking' };
const nounOf = (kind: ChargeKind) => nouns[kind] ?? kind;

/**
 * The money action `charge:<kind>` (`POST /wallet/charges/<kind>/:id` and its quote): the
 * contract's entry, priced and performed by whichever handler sells the kind, looked up
 * per request so a domain registered after the wallet is sold through it.
 */
export function chargeAction(kind: ChargeKind, registry: ChargeRegistry, notifications: NotificationsExtension, charged?: ChargeListener) {
  const action = moneyAction(chargeActionName(kind));
  if (!action) throw new Error(`The contract declares no money action for charge kind "${kind}"`);
  const handlerOf = (): ChargeHandler => {
    const handler = registry.get(kind);
    if (!handler) throw notFound('wallet.item_not_found', `No ${nounOf(kind)} with this id can be bought`);
    return handler;
  };
  return defineMoneyAction({
    action,
    tags: ['wallet'],
    summary: kind === 'tip' ? 'Tip a creator from the wallet' : `Buy a ${nounOf(kind)} from the wallet`,
    description:
      'The price is shared out between the creator, the platform and referrers. A short balance is a 422 ' +
      '`wallet.insufficient_balance`; a kind no domain sells yet, or an unknown item, is a 404 `wallet.item_not_found`.',
    // A handler known now (the wallet's own tips) documents its body; later ones are resolved per request.
    body: registry.get(kind)?.body ?? handlerBody(registry, kind),
    response: envelopeSchema(chargeSchema),
    runs: 'in-transaction',
    async quote(tx, call) {
      const { item } = await priceCharge(tx, call.ctx, handlerOf(), call.user, call.params.id!, call.body);
      return {
        priceCents: item.priceCents,
        creditCents: null,
        itemId: item.targetId,
        recipientId: item.performerId,
        description: item.description ?? null,
        ...(item.minutes !== undefined ? { minutes: item.minutes } : {}),
      };
    },
    // One round trip and one commit when the kind's handler can say the purchase in one statement (a tip).
    async performInOneCall(call, claim) {
      const handler = registry.get(kind);
      if (!handler?.oneCall) return undefined;
      const item = handler.oneCall(call.user, call.params.id!, call.body);
      return chargeInOneCall({ ctx: call.ctx, handler, notifications, buyer: call.user, item, claim, ...(charged ? { charged } : {}) });
    },
    async perform(tx, call, check) {
      const handler = handlerOf();
      const result = await purchase(tx, call.ctx, handler, call.user, call.params.id!, call.body, call.idempotencyKey, check);
      const body = ok(presentCharge(result.charge, 'buyer'));
      const afterCommit = () => {
        announceCharge(call.ctx, result, body.data);
        handler.afterCommit?.(call.ctx, result.charge);
        charged?.(call.ctx, body.data);
      };
      return { statusCode: 200, body, afterCommit };
    },
  });
}
