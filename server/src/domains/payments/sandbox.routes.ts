import { paths } from '@fandeck/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ID_PATTERN } from '../../db/schema/ids.js';
import { PAYMENT_STATUSES, type GatewayName } from './payments.tables.js';
import { gatewaysOf, sandboxActive } from '../../gateways/registry.js';
import { envelopeSchema, okFor } from '../../http/envelope.js';
import { notFound, unprocessable } from '../../http/errors.js';
import { fromCents } from '../../money/amounts.js';
import { readSettings } from '../settings/index.js';
import type { ApiScope } from '../types.js';
import { findTransaction } from './payments.service.js';
import type { PaymentTransaction } from './payments.presenter.js';
import { applyPaymentEvent } from './settlement.service.js';
import { renderSandboxPage, sandboxPageState } from './sandbox-page.js';
import { pickSandboxLocale } from './sandbox-page.i18n.js';

/**
 * The PIX sandbox's payer side. Both routes exist only while the sandbox is the configured
 * gateway: with a real provider they answer 404, so nobody can pay with play money. The
 * payer of a PIX is often not the fan (anyone with the code may pay it), so they are public;
 * the transaction id in the path is the capability, and it can only pay the exact amount.
 */
const params = z.object({ transactionId: z.string().regex(ID_PATTERN, 'must be a transaction id') });
const NOT_FOUND = 'Payment not found';

async function sandboxTransaction(
  ctx: AppContext,
  id: string,
  gateways: readonly GatewayName[] = ['pix-sandbox'],
): Promise<{ transaction: PaymentTransaction; siteName: string }> {
  const settings = await readSettings(ctx.db, ['paymentGateway', 'siteName']);
  if (!sandboxActive(ctx, settings.paymentGateway)) throw notFound('payment.transaction_not_found', NOT_FOUND);
  const transaction = await findTransaction(ctx, id);
  if (!transaction || !gateways.includes(transaction.gateway)) throw notFound('payment.transaction_not_found', NOT_FOUND);
  return { transaction, siteName: settings.siteName };
}

/** The sandbox card's extra step, done: the charge succeeds through the same once-only settlement. */
async function completeCardStep(ctx: AppContext, transaction: PaymentTransaction) {
  if (transaction.status === 'success') throw unprocessable('payment.already_paid', 'This charge is already paid');
  if (transaction.status !== 'require_authentication' || !transaction.providerReference) {
    throw unprocessable('payment.closed', 'This charge is no longer awaiting payment');
  }
  const { cardSandbox } = gatewaysOf(ctx);
  const settlement = await applyPaymentEvent(ctx, cardSandbox, cardSandbox.paymentEvent(transaction.providerReference, transaction.id, transaction.amountCents));
  const settled = (await findTransaction(ctx, transaction.id))!;
  return { _id: settled.id, status: settled.status, amount: fromCents(settled.amountCents), outcome: settlement.outcome };
}

export async function sandboxRoutes(api: ApiScope, ctx: AppContext) {
  api.get(
    paths['payments.sandboxPage'],
    {
      schema: { hide: true, params, querystring: z.object({ locale: z.string().max(35).optional() }) },
    },
    async (request, reply) => {
      const { transaction, siteName } = await sandboxTransaction(ctx, request.params.transactionId);
      const locale = pickSandboxLocale(request.query.locale, request.headers['accept-language']);
      const page = await renderSandboxPage({ transaction, locale, merchantName: siteName, now: ctx.now() });
      return reply
        .header('content-security-policy', page.contentSecurityPolicy)
        .header('content-language', locale)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('x-content-type-options', 'nosniff')
        .type('text/html; charset=utf-8')
        .send(page.html);
    },
  );

  api.post(
    paths['payments.sandboxPay'],
    {
      schema: {
        tags: ['payments'],
        summary:
          'Sandbox only: pay a pending PIX charge (the sandbox sends its signed webhook), or complete the extra step of a ' +
          'sandbox card that asked for one (`require_authentication`)',
        params,
        response: { 200: envelopeSchema(z.object({ _id: z.string(), status: z.enum(PAYMENT_STATUSES), amount: z.number(), outcome: z.string() })) },
      },
    },
    async (request) => {
      const { transaction } = await sandboxTransaction(ctx, request.params.transactionId, ['pix-sandbox', 'card-sandbox']);
      if (transaction.gateway === 'card-sandbox') return okFor('payments.sandboxPay', await completeCardStep(ctx, transaction));
      const now = ctx.now();
      const state = sandboxPageState(transaction, now);
      if (state === 'paid') throw unprocessable('payment.already_paid', 'This charge is already paid');
      if (state === 'expired') throw unprocessable('payment.expired', 'This PIX charge has expired');
      if (state === 'closed') throw unprocessable('payment.closed', 'This charge is no longer awaiting payment');

      // The sandbox "provider" sends its webhook to us through the same route and signature
      // check as any delivery; nothing here credits directly.
      const webhook = gatewaysOf(ctx).pixSandbox.paymentWebhook({
        txid: transaction.providerReference ?? transaction.id,
        amountCents: transaction.amountCents,
        now,
      });
      const delivery = await api.inject({
        method: 'POST',
        url: `${api.prefix}${paths['payments.webhookPix']}`,
        headers: webhook.headers,
        payload: webhook.body,
      });
      if (delivery.statusCode !== 200) {
        request.log.error({ status: delivery.statusCode, body: delivery.body }, 'sandbox webhook was refused');
        throw unprocessable('payment.sandbox_failed', 'The sandbox could not confirm this payment');
      }
      const outcome = (delivery.json() as { data: { results: { outcome: string }[] } }).data.results[0]?.outcome ?? 'ignored';
      const settled = (await findTransaction(ctx, transaction.id))!;
      return okFor('payments.sandboxPay', { _id: settled.id, status: settled.status, amount: fromCents(settled.amountCents), outcome });
    },
  );
}
