import { paths } from '@fandeck/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { defineDomain } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { WALLET_CHARGE_STATUSES, WALLET_CHARGE_TARGETS, walletCharges } from './wallet.tables.js';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.js';
import { forbidden } from '../../http/errors.js';
import { currentUser } from '../../http/guard.js';
import { creatorInScopeCondition, pageScopeOf } from '../../http/page-scope.js';
import { sortableListQuery } from '../../http/pagination.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { registerMoneyAction } from '../../money/money-routes.js';
import { chargeAction } from './charge-actions.js';
import { CHARGE_KINDS } from './charge-handler.js';
import { createChargeRegistry, type ChargeRegistry } from './charge-registry.js';
import { announceRefund, refundCharge } from './refund.js';
import { tipHandler, tipNotice } from './tip-handler.js';
import type { NotificationsExtension } from '../notifications/index.js';
import { chargeSchema, ledgerCheckSchema } from './wallet.presenter.js';
import { chargeSortColumns, searchCharges } from './wallet.service.js';
import { dateRangeQuery } from '../../http/date-range.js';
import type { ChargeListener, WalletExtension } from './wallet.extension.js';
import { walletCharging } from './wallet-charging.js';

const chargeSearchQuery = sortableListQuery(chargeSortColumns).extend({
  /** Creators see the charges paid to them by default; `as=buyer` shows their own purchases. */
  as: z.enum(['buyer', 'creator']).optional(),
  target: z.enum(WALLET_CHARGE_TARGETS).optional(),
  status: z.enum(WALLET_CHARGE_STATUSES).optional(),
  ...dateRangeQuery,
});

export default defineDomain({
  name: 'wallet',
  // Tips read the tip limits and the commission rates from the settings.
  dependsOn: ['settings', 'notifications'],
  async register(api, ctx, deps) {
    const registry = createChargeRegistry();
    const listeners: ChargeListener[] = [];
    const charged: ChargeListener = (callCtx, charge) => {
      for (const listener of listeners) {
        try {
          listener(callCtx, charge);
        } catch (error) {
          api.log.error({ err: error, chargeId: charge._id }, 'a charge listener failed');
        }
      }
    };
    const extension: WalletExtension = {
      registerChargeHandler: (handler) => registry.register(handler),
      refundCharge: (tx, chargeId) => refundCharge(tx, ctx, chargeId),
      announceRefund: (result) => announceRefund(ctx, result),
      onCharged: (listener) => void listeners.push(listener),
      ...walletCharging(ctx),
    };
    // The wallet sells tips itself, through the same door as any other domain.
    extension.registerChargeHandler({ ...tipHandler, afterCommit: tipNotice(deps.get('notifications')) });
    await walletRoutes(api, ctx, registry, deps.get('notifications'), charged);
    return extension;
  },
});

async function walletRoutes(api: ApiScope, ctx: AppContext, registry: ChargeRegistry, notifications: NotificationsExtension, charged: ChargeListener) {
  // One action (and quote) per contract kind, so each documents itself; all share the engine.
  for (const kind of CHARGE_KINDS) registerMoneyAction(api, ctx, chargeAction(kind, registry, notifications, charged));

  api.get(
    paths['wallet.charges'],
    {
      schema: {
        tags: ['wallet'],
        summary: "The caller's wallet charges: purchases, or for creators the charges paid to them",
        description: 'From a third-party page: only the charges paid to the creators who own it.',
        querystring: chargeSearchQuery,
        response: { 200: listSchema(chargeSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const viewAs = request.query.as ?? (user.role === 'performer' ? 'creator' : 'buyer');
      if (viewAs === 'creator' && user.role !== 'performer') throw forbidden('wallet.creators_only', 'Only creators receive charges');
      const scope = creatorInScopeCondition(pageScopeOf(request), walletCharges.performerId);
      const { items, total } = await searchCharges(ctx, user, viewAs, request.query, scope);
      return list(items, total);
    },
  );

  api.get(
    paths['admin.ledgerCheck'],
    {
      schema: {
        tags: ['wallet'],
        summary: 'Check the ledger: all accounts sum to zero, every cached balance equals its entries, every movement balances',
        response: { 200: envelopeSchema(ledgerCheckSchema) },
      },
    },
    async () => ok(await checkLedger(ctx.db)),
  );
}
