import QRCode from 'qrcode';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ID_PATTERN } from '../../db/schema/ids.js';
import { GATEWAY_NAMES, PAYMENT_STATUSES } from '../../db/schema/index.js';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { currentUser } from '../../http/guard.js';
import { amountSchema } from '../../http/money.js';
import { listQuerySchema, toPage } from '../../http/pagination.js';
import { COUPON_CODE_PATTERN } from '../coupons/coupons.service.js';
import type { ApiScope } from '../types.js';
import { cardRoutes } from './cards.routes.js';
import { webhookRoutes } from './payment-webhooks.routes.js';
import { presentTransaction, transactionSchema } from './payments.presenter.js';
import { createTopUp, expireStale, ownTransaction, searchTransactions } from './payments.service.js';
import { sandboxRoutes } from './sandbox.routes.js';

const transactionId = z.string().regex(ID_PATTERN, 'must be a transaction id');

export default async function paymentsRoutes(api: ApiScope, ctx: AppContext) {
  api.post(
    '/payment/wallet/top-up',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['payments'],
        summary: 'Top up the wallet through a gateway (PIX by default); limits from the settings',
        body: z.object({
          amount: amountSchema,
          paymentGateway: z.enum(GATEWAY_NAMES).optional(),
          couponCode: z.string().regex(COUPON_CODE_PATTERN, 'must be a coupon code').optional(),
          /** A saved card (`/payment-cards`) to charge at once; cards only. */
          paymentCardId: z.string().regex(ID_PATTERN, 'must be a card id').optional(),
        }),
        response: { 200: envelopeSchema(transactionSchema) },
      },
    },
    async (request) => {
      const { amount, paymentGateway, couponCode, paymentCardId } = request.body;
      const { transaction, clientSecret } = await createTopUp(ctx, currentUser(request).id, { amountCents: amount, paymentGateway, couponCode, paymentCardId });
      return ok(presentTransaction(ctx, transaction, clientSecret ? { clientSecret } : {}));
    },
  );

  api.get(
    '/payment/transactions/user/search',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['payments'],
        summary: "The caller's payment transactions (paged; sortBy createdAt, updatedAt, amount, status)",
        querystring: listQuerySchema.extend({ status: z.enum(PAYMENT_STATUSES).optional(), paymentGateway: z.enum(GATEWAY_NAMES).optional() }),
        response: { 200: listSchema(transactionSchema) },
      },
    },
    async (request) => {
      const { status, paymentGateway, ...query } = request.query;
      const { items, total } = await searchTransactions(ctx, currentUser(request).id, toPage(query), { status, paymentGateway });
      return list(items.map((t) => presentTransaction(ctx, t)), total);
    },
  );

  api.get(
    '/payment/transactions/qrcode',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['payments'], summary: "PNG of a PIX transaction's QR code (owner only)", querystring: z.object({ transactionId }) },
    },
    async (request, reply) => {
      const transaction = await ownTransaction(ctx, currentUser(request).id, request.query.transactionId);
      if (!transaction.brCode) throw notFound('This transaction has no QR code');
      const png = await QRCode.toBuffer(transaction.brCode, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
      return reply.type('image/png').header('cache-control', 'private, max-age=3600').send(png);
    },
  );

  api.get(
    '/payment/transactions/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['payments'],
        summary: 'One of the caller\'s transactions (poll it for the status of a payment)',
        params: z.object({ id: transactionId }),
        response: { 200: envelopeSchema(transactionSchema) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await expireStale(ctx, userId);
      return ok(presentTransaction(ctx, await ownTransaction(ctx, userId, request.params.id)));
    },
  );

  await webhookRoutes(api, ctx);
  await sandboxRoutes(api, ctx);
  await cardRoutes(api, ctx);
}
