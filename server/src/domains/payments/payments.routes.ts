import { paths } from '@fandeck/contract';
import { registerTokenPackages } from './token-packages.routes.js';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ID_PATTERN } from '../../db/schema/ids.js';
import { GATEWAY_NAMES, PAYMENT_STATUSES } from './payments.tables.js';
import { envelopeSchema, list, listSchema, okFor } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { currentUser } from '../../http/guard.js';
import { pageScopeOf } from '../../http/page-scope.js';
import { sortableListQuery, toPage } from '../../http/pagination.js';
import { defineDomain } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { registerMoneyAction } from '../../money/money-routes.js';
import { cardRoutes } from './cards.routes.js';
import { webhookRoutes } from './payment-webhooks.routes.js';
import { presentTransaction, transactionSchema } from './payments.presenter.js';
import { expireStale, ownTransaction, searchTransactions, transactionSortColumns } from './payments.service.js';
import { topUpAction } from './top-up.action.js';
import { sandboxRoutes } from './sandbox.routes.js';
import { dateRangeQuery } from '../../http/date-range.js';

const transactionId = z.string().regex(ID_PATTERN, 'must be a transaction id');

export default defineDomain({
  name: 'payments',
  // Top-ups reserve coupons and read the limits and the gateway from the settings.
  dependsOn: ['settings', 'coupons'],
  register: (api, ctx) => paymentsRoutes(api, ctx),
});

async function paymentsRoutes(api: ApiScope, ctx: AppContext) {
  registerTokenPackages(api, ctx);
  registerMoneyAction(api, ctx, topUpAction);

  api.get(
    paths['payments.transactions'],
    {
      schema: {
        tags: ['payments'],
        summary: "The caller's payment transactions (paged; sortBy createdAt, updatedAt, amount, status)",
        description: 'Top-ups belong to no creator: from a third-party page the list is empty.',
        querystring: sortableListQuery(transactionSortColumns).extend({ status: z.enum(PAYMENT_STATUSES).optional(), paymentGateway: z.enum(GATEWAY_NAMES).optional(), ...dateRangeQuery }),
        response: { 200: listSchema(transactionSchema) },
      },
    },
    async (request) => {
      // A page sees the fan's dealings with its own creators only, and a top-up is with none.
      if (pageScopeOf(request)) return list([], 0);
      const { status, paymentGateway, fromDate, toDate, ...query } = request.query;
      const { items, total } = await searchTransactions(ctx, currentUser(request).id, toPage(query), { status, paymentGateway, fromDate, toDate });
      return list(await Promise.all(items.map((t) => presentTransaction(ctx, t))), total);
    },
  );

  api.get(
    paths['payments.qrcode'],
    {
      schema: { tags: ['payments'], summary: "PNG of a PIX transaction's QR code (owner only)", querystring: z.object({ transactionId }) },
    },
    async (request, reply) => {
      const transaction = await ownTransaction(ctx, currentUser(request).id, request.query.transactionId);
      if (!transaction.brCode) throw notFound('payment.no_qr_code', 'This transaction has no QR code');
      const png = await QRCode.toBuffer(transaction.brCode, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
      return reply.type('image/png').header('cache-control', 'private, max-age=3600').send(png);
    },
  );

  api.get(
    paths['payments.transaction'],
    {
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
      return okFor('payments.transaction', await presentTransaction(ctx, await ownTransaction(ctx, userId, request.params.id)));
    },
  );

  await webhookRoutes(api, ctx);
  await sandboxRoutes(api, ctx);
  await cardRoutes(api, ctx);
}
