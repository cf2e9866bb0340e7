import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { ApiScope } from '../types.js';
import { WALLET_CHARGE_STATUSES, WALLET_CHARGE_TARGETS } from '../../db/schema/index.js';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.js';
import { forbidden } from '../../http/errors.js';
import { currentUser } from '../../http/guard.js';
import { idempotencyHeaders, idempotentRequestOf, runIdempotent, sendAnswer } from '../../http/idempotency.js';
import { listQuerySchema } from '../../http/pagination.js';
import { checkLedger } from '../../ledger/invariant.js';
import { CHARGE_KINDS } from './charge-handler.js';
import { chargeHandlers } from './charge-registry.js';
import { chargeSchema, ledgerCheckSchema, presentCharge } from './wallet.presenter.js';
import { announceCharge, purchase, searchCharges } from './wallet.service.js';

const itemParams = z.object({ id: z.string().min(1).max(100) });

const chargeSearchQuery = listQuerySchema.extend({
  /** Creators see the charges paid to them by default; `as=buyer` shows their own purchases. */
  as: z.enum(['buyer', 'creator']).optional(),
  target: z.enum(WALLET_CHARGE_TARGETS).optional(),
  status: z.enum(WALLET_CHARGE_STATUSES).optional(),
});

export default async function walletRoutes(api: ApiScope, ctx: AppContext) {
  // One route per kind, so each documents and validates its own body; all share the engine.
  for (const kind of CHARGE_KINDS) {
    const handler = chargeHandlers[kind];
    api.post(
      `/wallet/charges/${kind}/:id`,
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['wallet'],
          summary: handler.summary,
          description:
            'Money-moving: send an `Idempotency-Key` header (1 to 255 visible ASCII characters) so a retry returns the first answer; ' +
            'the same key with another body is a 422. A short balance is a 422.',
          params: itemParams,
          headers: idempotencyHeaders,
          body: handler.body,
          response: { 200: envelopeSchema(chargeSchema) },
        },
      },
      async (request, reply) => {
        const buyer = currentUser(request);
        const idempotent = idempotentRequestOf(request, buyer.id);
        const answer = await runIdempotent(ctx.db, idempotent, async (tx) => {
          const result = await purchase(tx, ctx, handler, buyer, request.params.id, request.body, idempotent.key);
          const body = ok(presentCharge(result.charge, 'buyer'));
          return { statusCode: 200, body, afterCommit: () => announceCharge(ctx, result, body.data) };
        });
        return sendAnswer(reply, answer);
      },
    );
  }

  api.get(
    '/wallet/charges/search',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['wallet'],
        summary: "The caller's wallet charges: purchases, or for creators the charges paid to them",
        querystring: chargeSearchQuery,
        response: { 200: listSchema(chargeSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const viewAs = request.query.as ?? (user.role === 'performer' ? 'creator' : 'buyer');
      if (viewAs === 'creator' && user.role !== 'performer') throw forbidden('Only creators receive charges');
      const { items, total } = await searchCharges(ctx, user, viewAs, request.query);
      return list(items, total);
    },
  );

  api.get(
    '/admin/ledger/check',
    {
      config: { access: { permission: 'earning.all' } },
      schema: {
        tags: ['wallet'],
        summary: 'Check the ledger: all accounts sum to zero, every cached balance equals its entries, every movement balances',
        response: { 200: envelopeSchema(ledgerCheckSchema) },
      },
    },
    async () => ok(await checkLedger(ctx.db)),
  );
}
