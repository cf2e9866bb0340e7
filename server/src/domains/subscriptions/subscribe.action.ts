import { moneyAction } from '@fandeck/contract';
import { z } from 'zod';
import { envelopeSchema, ok } from '../../http/envelope.js';
import { defineMoneyAction } from '../../money/money-action.js';
import { SUBSCRIPTION_PLANS } from './plans.js';
import { subscribeResultSchema } from './subscriptions.presenter.js';
import type { NotificationsExtension } from '../notifications/index.js';
import type { WalletCharging } from '../wallet/index.js';
import { announceSubscribed, quoteSubscription, subscribe, subscribedNotice, subscribeResult, type SubscribeInput } from './subscriptions.service.js';

const subscribeBody = z.object({
  /** The creator's id or username. */
  performerId: z.string().trim().min(1).max(64),
  /** Default `monthly`; `free` is the creator's free offer (once per fan and creator). */
  type: z.enum([...SUBSCRIPTION_PLANS, 'free']).default('monthly'),
});

const inputOf = (body: z.output<typeof subscribeBody>): SubscribeInput => ({ performerId: body.performerId, type: body.type });

const action = moneyAction('subscribe');
if (!action) throw new Error('The contract declares no "subscribe" money action');

/**
 * `POST /payment/subscribe/performers` and its quote: a plan at the creator's price, paid
 * from the wallet and shared out like any purchase, or the creator's free offer. The work,
 * its ledger movement and the stored answer commit together.
 */
export const subscribeAction = (notifications: NotificationsExtension, wallet: WalletCharging) =>
  defineMoneyAction({
    action,
    tags: ['subscriptions'],
    summary: 'Subscribe to a creator: a plan paid from the wallet, or the free offer',
    description:
      'Renews at `expiredAt` from the wallet until cancelled. Refusals: 409 `subscriptions.already_active` (access holds and renews), ' +
      '422 `subscriptions.plan_unavailable` (price outside the limits, free offer off), 422 `subscriptions.free_already_used`, ' +
      '422 `wallet.self_purchase`, 403 `blocks.blocked`, 403 `performers.not_verified`, 422 `wallet.insufficient_balance` (nothing is written).',
    body: subscribeBody,
    response: envelopeSchema(subscribeResultSchema),
    runs: 'in-transaction',
    async quote(tx, call) {
      const offer = await quoteSubscription(tx, call.ctx, call.user, inputOf(call.body), wallet);
      return { priceCents: offer.priceCents, creditCents: null, itemId: offer.creator.id, recipientId: offer.creator.id, description: null };
    },
    async perform(tx, call, check) {
      const subscribed = await subscribe(tx, call.ctx, call.user, inputOf(call.body), check, wallet);
      const afterCommit = () => {
        announceSubscribed(call.ctx, subscribed, wallet);
        void notifications.notify(subscribedNotice(subscribed));
      };
      return { statusCode: 200, body: ok(subscribeResult(call.ctx, subscribed)), afterCommit };
    },
  });
