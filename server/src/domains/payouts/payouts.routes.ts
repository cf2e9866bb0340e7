/**
 * Payouts (issue 10, point 4): the creator's requests and payout methods, and staff review.
 * The rules and the money are in payouts.service.ts.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LIMITS, paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { ID_PATTERN } from '../../db/schema/ids.js';
import { PAYOUT_ACCOUNT_TYPES, PAYOUT_STATUSES } from './payouts.tables.js';
import { envelopeSchema, list, listSchema, ok, okFor, listFor } from '../../http/envelope.js';
import { currentUser } from '../../http/guard.js';
import { amountSchema } from '../../money/amounts.js';
import { sortableListQuery } from '../../http/pagination.js';
import { defineDomain } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { payoutMethodBody, payoutMethodParams, payoutSettingsAnswer, removeMethod, saveMethod } from './payout-methods.js';
import { payoutCalculationSchema, payoutRequestSchema, pendingReviewSchema } from './payouts.presenter.js';
import {
  calculatePayout,
  createPayout,
  payoutSortColumns,
  pendingReview,
  searchPayouts,
  setPayoutStatus,
  updatePayout,
  viewPayout,
} from './payouts.service.js';

const idParams = z.object({ id: z.string().min(1).max(64) });
const positiveAmount = amountSchema.pipe(z.number().int().min(1, 'must be more than 0'));
const note = z.string().trim().max(LIMITS.payout.noteMax);

const creatorSearchQuery = sortableListQuery(payoutSortColumns).extend({ status: z.enum(PAYOUT_STATUSES).optional() });
const staffSearchQuery = creatorSearchQuery.extend({ performerId: z.string().regex(ID_PATTERN, 'must be a creator id').optional() });

const createBody = z.object({ requestAmount: positiveAmount, paymentAccountType: z.enum(PAYOUT_ACCOUNT_TYPES), requestNote: note.optional() });
const updateBody = z.object({ requestAmount: positiveAmount.optional(), paymentAccountType: z.enum(PAYOUT_ACCOUNT_TYPES).optional(), requestNote: note.optional() });
const statusBody = z.object({ status: z.enum(['approved', 'rejected', 'done']), adminNote: note.optional() });

const me = (request: FastifyRequest) => currentUser(request).id;

async function payoutsRoutes(api: ApiScope, ctx: AppContext) {
  api.post(
    paths['payouts.calculate'],
    {
      schema: {
        tags: ['payouts'],
        summary: 'What the creator may request now: available, reserved and paid amounts, the minimum, and whether this amount (or all) can be requested',
        body: z.object({ requestAmount: positiveAmount.optional() }),
        response: { 200: envelopeSchema(payoutCalculationSchema) },
      },
    },
    async (request) => okFor('payouts.calculate', await calculatePayout(ctx, me(request), request.body.requestAmount)),
  );

  api.post(
    paths['payouts.create'],
    {
      schema: {
        tags: ['payouts'],
        summary: 'Request a payout: the amount is reserved from the earnings at once',
        description:
          'One open request per creator (409 payouts.already_pending); at least the minimumPayout setting (422 payouts.below_minimum); at most the available earnings (422 payouts.insufficient_earnings); the method’s details must be on file (422 payouts.method_missing).',
        body: createBody,
        response: { 200: envelopeSchema(payoutRequestSchema) },
      },
    },
    async (request) =>
      okFor('payouts.create', await createPayout(ctx, me(request), { requestedCents: request.body.requestAmount, paymentAccountType: request.body.paymentAccountType, requestNote: request.body.requestNote })),
  );

  // The spec's two paths for the creator's own list.
  for (const route of ['payouts.userSearch', 'payouts.search'] as const) {
    api.get(
      paths[route],
      {
        schema: { tags: ['payouts'], summary: 'The creator’s own payout requests (paged, filter status)', querystring: creatorSearchQuery, response: { 200: listSchema(payoutRequestSchema) } },
      },
      async (request) => {
        const { items, total } = await searchPayouts(ctx, { ...request.query, performerId: me(request) }, { withPerformer: false });
        return list(items, total);
      },
    );
  }

  api.get(
    paths['payouts.pendingReview'],
    {
      schema: {
        tags: ['payouts'],
        summary: 'Whether the creator has an open (pending or approved) request, and which',
        response: { 200: envelopeSchema(pendingReviewSchema) },
      },
    },
    async (request) => okFor('payouts.pendingReview', await pendingReview(ctx, me(request))),
  );

  api.get(
    paths['payouts.view'],
    {
      schema: { tags: ['payouts'], summary: 'One of the creator’s own requests', params: idParams, response: { 200: envelopeSchema(payoutRequestSchema) } },
    },
    async (request) => ok(await viewPayout(ctx, request.params.id, { performerId: me(request) })),
  );

  api.put(
    paths['payouts.update'],
    {
      schema: {
        tags: ['payouts'],
        summary: 'Change a pending request: amount (the difference is reserved or given back at once), method or note',
        description: 'Only while pending (else 409 payouts.not_editable).',
        params: idParams,
        body: updateBody,
        response: { 200: envelopeSchema(payoutRequestSchema) },
      },
    },
    async (request) =>
      ok(
        await updatePayout(ctx, me(request), request.params.id, {
          requestedCents: request.body.requestAmount,
          paymentAccountType: request.body.paymentAccountType,
          requestNote: request.body.requestNote,
        }),
      ),
  );

  api.post(
    paths['payouts.method'],
    {
      schema: {
        tags: ['payouts'],
        summary: 'Save the details of one payout method: pix, banking or stripe',
        description:
          'pix: pixKeyType (cpf, cnpj, email, phone, random) and pixKey checked by its kind. banking: bankCode, agency, account, accountType, holderName, holderDocument (bankName optional). stripe: stripeAccountId (acct_...). A refusal is 400 request.invalid with each field’s own code in fieldCodes (payouts.pix_cpf_invalid, payouts.field_required, ...). The other methods’ details are kept.',
        params: payoutMethodParams,
        body: payoutMethodBody,
        response: { 200: envelopeSchema(payoutSettingsAnswer) },
      },
    },
    async (request) => ok(await saveMethod(ctx.db, me(request), request.params.id, request.body, ctx.now())),
  );
  api.delete(
    paths['payouts.removeMethod'],
    {
      schema: {
        tags: ['payouts'],
        summary: 'Remove the details of one payout method (pix, banking or stripe); the others are kept',
        params: payoutMethodParams,
        response: { 200: envelopeSchema(payoutSettingsAnswer) },
      },
    },
    async (request) => ok(await removeMethod(ctx.db, me(request), request.params.id, ctx.now())),
  );

  api.get(
    paths['admin.payouts.search'],
    {
      schema: {
        tags: ['payouts'],
        summary: 'All payout requests, with the creator (staff; filters status, performerId)',
        querystring: staffSearchQuery,
        response: { 200: listSchema(payoutRequestSchema) },
      },
    },
    async (request) => {
      const { items, total } = await searchPayouts(ctx, request.query, { withPerformer: true });
      return listFor('admin.payouts.search', items, total);
    },
  );

  api.get(
    paths['admin.payouts.view'],
    {
      schema: { tags: ['payouts'], summary: 'One payout request, with the creator (staff)', params: idParams, response: { 200: envelopeSchema(payoutRequestSchema) } },
    },
    async (request) => ok(await viewPayout(ctx, request.params.id, { staff: true })),
  );

  api.put(
    paths['admin.payouts.status'],
    {
      schema: {
        tags: ['payouts'],
        summary: 'Approve, reject or mark a payout request done (staff)',
        description:
          'pending → approved, rejected or done; approved → done or rejected; anything else 409 payouts.invalid_transition. done: the reserved amount leaves the platform; rejected: it returns to the creator’s earnings.',
        params: idParams,
        body: statusBody,
        response: { 200: envelopeSchema(payoutRequestSchema) },
      },
    },
    async (request) => ok(await setPayoutStatus(ctx, me(request), request.params.id, request.body)),
  );
}

export default defineDomain({ name: 'payouts', dependsOn: ['accounts', 'auth', 'settings', 'performers', 'earnings'], register: payoutsRoutes });
