import { paths } from '@fandeck/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { WebhookVerificationError, type PaymentGateway } from '../../gateways/gateway.js';
import { gatewaysOf, requireStripe, sandboxActive } from '../../gateways/registry.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import { readSetting } from '../settings/index.js';
import type { ApiScope } from '../types.js';
import { applyPaymentEvent } from './settlement.service.js';

/**
 * Provider webhooks. They live in their own plugin because verification needs the body
 * exactly as it arrived: the JSON parser is replaced, in this scope only, by one that keeps
 * the raw bytes. What we answer follows what providers expect: 400 for a delivery we cannot
 * verify (bad or missing signature, stale timestamp, unreadable body: nothing is applied),
 * 200 once the notification is recorded — including duplicates and a wrong amount, which a
 * retry cannot fix (that transaction is marked for review instead). The sandbox's webhook
 * is 404 while a real gateway is configured.
 */
const resultSchema = envelopeSchema(
  z.object({
    received: z.number().int(),
    results: z.array(z.object({ providerPaymentId: z.string(), outcome: z.string(), transactionId: z.string().nullable() })),
  }),
);

export async function webhookRoutes(api: ApiScope, ctx: AppContext) {
  await api.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    const receive = async (gateway: PaymentGateway, rawBody: unknown, headers: Parameters<PaymentGateway['verifyWebhook']>[0]['headers']) => {
      if (!Buffer.isBuffer(rawBody)) throw new HttpError(415, 'request.unsupported_media_type', 'Webhooks must be sent as application/json');
      if (rawBody.length === 0) throw badRequest('request.empty_body', 'The webhook body is empty');
      let events;
      try {
        events = await gateway.verifyWebhook({ rawBody, headers, now: ctx.now() });
      } catch (error) {
        if (error instanceof WebhookVerificationError) throw badRequest('payment.webhook_invalid', error.message);
        throw error;
      }
      // One at a time: a notification may carry several payments of the same charge.
      const results = [];
      for (const event of events) {
        const settled = await applyPaymentEvent(ctx, gateway, event);
        results.push({ providerPaymentId: event.providerPaymentId, ...settled });
      }
      return ok({ received: events.length, results });
    };

    scope.post(
      paths['payments.webhookPix'],
      {
        schema: {
          tags: ['payments'],
          summary: 'PIX sandbox confirmation (API Pix format, HMAC-signed in x-pix-signature)',
          response: { 200: resultSchema },
        },
      },
      async (request) => {
        // Sandbox payments are play money: once a real gateway is configured none may settle,
        // not even charges made before the switch (the sandbox secret may be the public default).
        if (!sandboxActive(ctx, await readSetting(ctx.db, 'paymentGateway'))) throw notFound('route.not_found', 'Route not found');
        return receive(gatewaysOf(ctx).pixSandbox, request.body, request.headers);
      },
    );

    scope.post(
      paths['payments.webhookStripe'],
      {
        schema: { tags: ['payments'], summary: 'Stripe events (verified with the Stripe-Signature header)', response: { 200: resultSchema } },
      },
      async (request) => receive(requireStripe(ctx), request.body, request.headers),
    );
  });
}
