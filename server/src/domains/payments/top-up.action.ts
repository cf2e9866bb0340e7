import { moneyAction } from '@fandeck/contract';
import { z } from 'zod';
import { ID_PATTERN } from '../../db/schema/ids.js';
import { GATEWAY_NAMES } from './payments.tables.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import { amountSchema } from '../../money/amounts.js';
import { defineMoneyAction } from '../../money/money-action.js';
import { COUPON_CODE_PATTERN } from '../coupons/index.js';
import { presentTransaction, transactionSchema } from './payments.presenter.js';
import { createTopUp, quoteTopUp, type TopUpInput } from './payments.service.js';

const topUpBody = z
  .object({
    /** What to pay and receive; with a package, optional (and then it must be the package's price). */
    amount: amountSchema.optional(),
    /** A token package (`GET /package/token/search`): pay its price, receive its tokens. */
    packageId: z.string().regex(ID_PATTERN, 'must be a token package id').optional(),
    paymentGateway: z.enum(GATEWAY_NAMES).optional(),
    couponCode: z.string().regex(COUPON_CODE_PATTERN, 'must be a coupon code').optional(),
    /** A saved card (`/payment-cards`) to charge at once; cards only. */
    paymentCardId: z.string().regex(ID_PATTERN, 'must be a card id').optional(),
  })
  .refine((body) => body.amount !== undefined || body.packageId !== undefined, { message: 'send an amount or a packageId', path: ['amount'] });

const inputOf = (body: z.output<typeof topUpBody>): TopUpInput => ({
  amountCents: body.amount,
  packageId: body.packageId,
  paymentGateway: body.paymentGateway,
  couponCode: body.couponCode,
  paymentCardId: body.paymentCardId,
});

const action = moneyAction('topup');
if (!action) throw new Error('The contract declares no "topup" money action');

/**
 * `POST /payment/wallet/top-up` and its quote. The quote's price is what the payer pays
 * (after the coupon), its credit what the wallet receives. The action calls the gateway
 * between its own transactions, so it runs unbound: a retry with the same key answers the
 * same pending transaction instead of opening a second charge.
 */
export const topUpAction = defineMoneyAction({
  action,
  tags: ['payments'],
  summary: 'Top up the wallet through a gateway (PIX by default); limits from the settings',
  description:
    'A coupon lowers what is paid; the wallet still receives the full amount. With `packageId` the fan pays the ' +
    "package's price (`amount` may be left out; sent, it must be that price, else 400 `payment.package_amount_mismatch`) " +
    "and the wallet receives the package's tokens; an unknown package is a 404 `token_packages.not_found`, " +
    'a retired one a 422 `payment.package_unavailable`.',
  body: topUpBody,
  response: envelopeSchema(transactionSchema),
  runs: 'own-transactions',
  async quote(tx, call) {
    const { priceCents, creditCents, description } = await quoteTopUp(tx, call.ctx, call.user.id, inputOf(call.body));
    return { priceCents, creditCents, itemId: null, recipientId: null, description };
  },
  async perform(_db, call, check) {
    const { transaction, clientSecret } = await createTopUp(call.ctx, call.user.id, inputOf(call.body), check);
    return { statusCode: 200, body: ok(await presentTransaction(call.ctx, transaction, clientSecret ? { clientSecret } : {})) };
  },
});
