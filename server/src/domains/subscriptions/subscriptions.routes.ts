import { paths } from '@fandeck/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { GATEWAY_NAMES } from '../payments/payments.tables.js';
import { SUBSCRIPTION_TYPES, subscriptions } from './subscriptions.tables.js';
import { envelopeSchema, list, listSchema, ok, okFor, listFor } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { creatorInScope, currentUser } from '../../http/guard.js';
import { creatorInScopeCondition, pageScopeOf, requireCreatorInScope } from '../../http/page-scope.js';
import { sortableListQuery } from '../../http/pagination.js';
import { registerMoneyAction } from '../../money/money-routes.js';
import type { NotificationsExtension } from '../notifications/index.js';
import type { WalletCharging } from '../wallet/index.js';
import { defineDomain } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { requireResumeInScope, resumeAction } from './resume.action.js';
import { subscribeAction } from './subscribe.action.js';
import { defineRenewalJob } from './subscription-renewal.js';
import { presentSubscription, subscriptionSchema } from './subscriptions.presenter.js';
import { creatorIdOf, searchSubscriptions, STATUS_FILTERS, subscriptionSortColumns, subscriptionTo } from './subscriptions.queries.js';
import { cancelSubscription } from './subscriptions.service.js';

const id = z.string().min(1).max(64);

const searchQuery = sortableListQuery(subscriptionSortColumns).extend({
  /** `active`: access holds now; `deactivated`: it does not; `all` (default). */
  status: z.enum(STATUS_FILTERS).optional(),
  subscriptionType: z.enum(SUBSCRIPTION_TYPES).optional(),
});
const staffQuery = searchQuery.extend({ performerId: id.optional(), userId: id.optional() });

/** Where a subscription was paid: the wallet, or a gateway by name (all of today's are wallet-paid). */
const PROVIDERS: ReadonlySet<string> = new Set(['wallet', ...GATEWAY_NAMES]);

async function subscriptionRoutes(api: ApiScope, ctx: AppContext, notifications: NotificationsExtension, wallet: WalletCharging) {
  // Hooks of this domain's scope run for its routes only; this one acts on the resume action's two.
  const prefix = api.prefix;
  api.addHook('preHandler', (request) => requireResumeInScope(ctx, request, prefix));
  registerMoneyAction(api, ctx, subscribeAction(notifications, wallet));
  registerMoneyAction(api, ctx, resumeAction);

  api.get(
    paths['subscriptions.performerSearch'],
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'The signed-in creator’s subscribers, each with `userInfo`; staff with `earning.all` name the creator with `performerId`',
        querystring: searchQuery.extend({ performerId: id.optional() }),
        response: { 200: listSchema(subscriptionSchema) },
      },
    },
    async (request) => {
      const performerId = creatorInScope(request, request.query.performerId, 'earning.all');
      const { items, total } = await searchSubscriptions(ctx, { as: 'performer', id: performerId }, request.query);
      return listFor('subscriptions.performerSearch', items, total);
    },
  );

  api.get(
    paths['subscriptions.userSearch'],
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'The signed-in fan’s subscriptions, each with `performerInfo`',
        description: 'From a third-party page: only those to the creators who own it.',
        querystring: searchQuery,
        response: { 200: listSchema(subscriptionSchema) },
      },
    },
    async (request) => {
      const scope = creatorInScopeCondition(pageScopeOf(request), subscriptions.performerId);
      const { items, total } = await searchSubscriptions(ctx, { as: 'user', id: currentUser(request).id }, request.query, scope);
      return listFor('subscriptions.userSearch', items, total);
    },
  );

  api.get(
    paths['subscriptions.userSubscriber'],
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'The signed-in fan’s subscription to a creator (id or username), or null',
        description: 'From a third-party page: 403 `embeds.origin_not_owned` for a creator who does not own it.',
        querystring: z.object({ performerId: id }),
        response: { 200: envelopeSchema(subscriptionSchema.nullable()) },
      },
    },
    async (request) => {
      const scope = pageScopeOf(request);
      if (scope) requireCreatorInScope(scope, await creatorIdOf(ctx.db, request.query.performerId));
      return okFor('subscriptions.userSubscriber', await subscriptionTo(ctx, currentUser(request).id, request.query.performerId));
    },
  );

  api.post(
    paths['subscriptions.cancel'],
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Cancel renewal: access lasts to `expiredAt`; by the fan or staff',
        description:
          '`provider` is `wallet` or a gateway name. 409 `subscriptions.already_cancelled` when cancelled or ended already; from a third-party page, ' +
          '403 `embeds.origin_not_owned` for a subscription to a creator who does not own it.',
        params: z.object({ provider: z.string().max(32), id }),
        response: { 200: envelopeSchema(subscriptionSchema) },
      },
    },
    async (request) => {
      if (!PROVIDERS.has(request.params.provider)) throw notFound('payment.unknown_provider', 'Unknown payment provider');
      return okFor('subscriptions.cancel', presentSubscription(await cancelSubscription(ctx, currentUser(request), request.params.id, pageScopeOf(request)), ctx.now()));
    },
  );

  api.get(
    paths['admin.subscriptions.search'],
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Every subscription (staff with `earning.all`), with `userInfo` and `performerInfo`',
        querystring: staffQuery,
        response: { 200: listSchema(subscriptionSchema) },
      },
    },
    async (request) => {
      const { items, total } = await searchSubscriptions(ctx, { as: 'staff' }, request.query);
      return list(items, total);
    },
  );
}

export default defineDomain({
  name: 'subscriptions',
  // Paid from the wallet (its engine's terms and ledger split); plan limits are settings.
  dependsOn: ['wallet', 'settings', 'notifications'],
  async register(api, ctx, deps) {
    const notifications = deps.get('notifications');
    const wallet = deps.get('wallet');
    defineRenewalJob(ctx, notifications, wallet);
    await subscriptionRoutes(api, ctx, notifications, wallet);
  },
});
