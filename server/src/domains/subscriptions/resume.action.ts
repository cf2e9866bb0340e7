import { moneyAction } from '@fandeck/contract';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { subscriptions } from './subscriptions.tables.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import { currentUser } from '../../http/guard.js';
import { pageScopeOf, requireCreatorInScope } from '../../http/page-scope.js';
import { defineMoneyAction } from '../../money/money-action.js';
import { presentSubscription, subscriptionSchema } from './subscriptions.presenter.js';
import { renewalPriceCents, resumableSubscription, resumeSubscription } from './subscriptions.service.js';

const action = moneyAction('resume');
if (!action) throw new Error('The contract declares no "resume" money action');

/**
 * `POST /subscriptions/{id}/resume` and its quote: takes a cancel back while access still
 * holds, so the renewal job charges the subscription's price again at `expiredAt`. Nothing
 * moves now, but it turns charges back on: a money action, so a third-party page reaches it
 * only through `pay` with the fan's confirm, and (contract `embed: 'page'`) only for a
 * subscription to a creator who owns the page.
 */
export const resumeAction = defineMoneyAction({
  action,
  tags: ['subscriptions'],
  summary: 'Take a cancel back while access still holds: it renews again at `expiredAt`',
  description:
    'The quote is the price each renewal will charge (the subscription’s own). Refusals: 404 `subscriptions.not_found` (not yours), ' +
    '409 `subscriptions.not_cancelled` unless cancelled, active and not expired; from a third-party page, 403 `embeds.origin_not_owned` ' +
    'for a subscription to a creator who does not own the page.',
  body: z.object({}),
  response: envelopeSchema(subscriptionSchema),
  runs: 'in-transaction',
  async quote(tx, call) {
    const row = await resumableSubscription(tx, call.ctx, call.user, call.params.id!);
    return { priceCents: renewalPriceCents(row), creditCents: null, itemId: row.id, recipientId: row.performerId, description: null };
  },
  async perform(tx, call, check) {
    const row = await resumableSubscription(tx, call.ctx, call.user, call.params.id!);
    check({ priceCents: renewalPriceCents(row), creditCents: null });
    const resumed = await resumeSubscription(tx, call.ctx, row);
    return { statusCode: 200, body: ok(presentSubscription(resumed, call.ctx.now())) };
  },
});

/** `POST /api...` of the action and its quote, as the router names them. */
const resumeRoutes = (prefix: string) => new Set([`${prefix}${action.path}`, `${prefix}${action.quotePath}`]);

/**
 * The page scope of the action and its quote (contract `embed: 'page'`): called through the
 * bridge from a page, 403 `embeds.origin_not_owned` for the fan's subscription to a creator
 * who does not own the page, before any quote is signed or anything runs. A subscription that
 * is not the caller's is left to the action's own 404.
 */
export async function requireResumeInScope(ctx: AppContext, request: FastifyRequest, prefix: string): Promise<void> {
  const scope = pageScopeOf(request);
  if (!scope || request.method !== 'POST' || !resumeRoutes(prefix).has(request.routeOptions.url ?? '')) return;
  const id = (request.params as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string') return;
  const user = currentUser(request);
  const [row] = await ctx.db.select({ userId: subscriptions.userId, performerId: subscriptions.performerId }).from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  if (row && (row.userId === user.id || user.role === 'admin')) requireCreatorInScope(scope, row.performerId);
}
