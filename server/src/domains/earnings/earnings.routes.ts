/**
 * Earnings and referrals (issue 10, point 3), all read from the ledger: a creator's
 * earnings stats, list, timeline and top content; every user's referral code, referred
 * users and referral commissions.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { envelopeSchema, list, listSchema, ok, okFor, listFor } from '../../http/envelope.js';
import { creatorInScope, currentUser } from '../../http/guard.js';
import { defineDomain } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { dateRangeQuery, rangeOf } from './date-range.js';
import {
  earningSchema,
  earningSearchQuery,
  earningPointSchema,
  earningStatsSchema,
  referralCodeSchema,
  referralEarningSchema,
  referralEarningSearchQuery,
  referralEarningStatsSchema,
  referralSchema,
  referralSearchQuery,
  statsQuery,
  timelineQuery,
  topContentSchema,
} from './earnings.schemas.js';
import { earningStats, earningTimeline, searchEarnings, topContent } from './earnings.service.js';
import { referralCodeOf, referralEarningStats, searchReferralEarnings, searchReferrals } from './referrals.service.js';


/** Whose earnings a request reads (a creator's own; staff with `earning.all` name one). */
export const earningsOwner = (request: FastifyRequest, performerId: string | undefined) => creatorInScope(request, performerId, 'earning.all');

async function earningsRoutes(api: ApiScope, ctx: AppContext) {
  api.get(
    paths['earnings.stats'],
    {
      schema: {
        tags: ['earnings'],
        summary: 'The creator’s earnings: totals of the sales in the range, and paid, reserved and available now',
        description: 'fromDate/toDate (a day or an ISO date-time; a day as toDate includes it) bound the totals; paidPrice, pendingPrice and remainingPrice are balances now.',
        querystring: statsQuery,
        response: { 200: envelopeSchema(earningStatsSchema) },
      },
    },
    async (request) => okFor('earnings.stats', await earningStats(ctx, earningsOwner(request, request.query.performerId), rangeOf(request.query))),
  );

  api.get(
    paths['earnings.search'],
    {
      schema: {
        tags: ['earnings'],
        summary: 'Each sale credited to the creator’s earnings (paged, newest first)',
        description: 'Filters type (subscription, tip, feed, video, gallery, product, message, stream, other), fromDate, toDate; sortBy createdAt, netPrice or grossPrice.',
        querystring: earningSearchQuery,
        response: { 200: listSchema(earningSchema) },
      },
    },
    async (request) => {
      const { items, total } = await searchEarnings(ctx, earningsOwner(request, request.query.performerId), request.query, rangeOf(request.query));
      return listFor('earnings.search', items, total);
    },
  );

  api.get(
    paths['earnings.timeline'],
    {
      schema: {
        tags: ['earnings'],
        summary: 'Earnings per day, week (from Monday) or month, UTC, oldest first, empty buckets included',
        description: 'The last 30 days by default; at most 1000 buckets.',
        querystring: timelineQuery,
        response: { 200: envelopeSchema(z.array(earningPointSchema)) },
      },
    },
    async (request) =>
      okFor('earnings.timeline', await earningTimeline(ctx, earningsOwner(request, request.query.performerId), request.query.interval, rangeOf(request.query))),
  );

  api.get(
    paths['earnings.topContent'],
    {
      schema: {
        tags: ['earnings'],
        summary: 'The five sources that earned the most in the range',
        description: 'Each post, video or gallery on its own; all subscriptions as one row and all tips as one row (no title: named by type).',
        querystring: statsQuery,
        response: { 200: envelopeSchema(z.array(topContentSchema)) },
      },
    },
    async (request) => okFor('earnings.topContent', await topContent(ctx, earningsOwner(request, request.query.performerId), rangeOf(request.query))),
  );

  api.get(
    paths['referralEarnings.stats'],
    {
      schema: {
        tags: ['referrals'],
        summary: 'Commissions the caller earned from the users they referred',
        querystring: dateRangeQuery,
        response: { 200: envelopeSchema(referralEarningStatsSchema) },
      },
    },
    async (request) => okFor('referralEarnings.stats', await referralEarningStats(ctx, currentUser(request).id, rangeOf(request.query))),
  );

  api.get(
    paths['referralEarnings.search'],
    {
      schema: {
        tags: ['referrals'],
        summary: 'Each commission the caller earned, with the referred user whose sale paid it (paged)',
        querystring: referralEarningSearchQuery,
        response: { 200: listSchema(referralEarningSchema) },
      },
    },
    async (request) => {
      const { items, total } = await searchReferralEarnings(ctx, currentUser(request).id, request.query, rangeOf(request.query));
      return listFor('referralEarnings.search', items, total);
    },
  );

  api.get(
    paths['referrals.code'],
    {
      schema: {
        tags: ['referrals'],
        summary: 'The caller’s referral code and registration link (made on first ask, then stable)',
        response: { 200: envelopeSchema(referralCodeSchema) },
      },
    },
    async (request) => okFor('referrals.code', await referralCodeOf(ctx, currentUser(request).id)),
  );

  api.get(
    paths['referrals.search'],
    {
      schema: {
        tags: ['referrals'],
        summary: 'The users who registered with the caller’s code (paged, newest first)',
        querystring: referralSearchQuery,
        response: { 200: listSchema(referralSchema) },
      },
    },
    async (request) => {
      const { items, total } = await searchReferrals(ctx, currentUser(request).id, request.query);
      return list(items, total);
    },
  );
}

export default defineDomain({ name: 'earnings', dependsOn: ['accounts', 'auth', 'settings'], register: earningsRoutes });
