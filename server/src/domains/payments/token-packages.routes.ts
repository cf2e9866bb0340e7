/**
 * Token packages: wallet top-up bundles staff define (pay a price, receive tokens). Existing
 * clients list them on the top-up screen (`GET /package/token/search`); an empty list means
 * the fan types an amount instead. A fan buys one through the top-up (`packageId`). Staff
 * with the settings permissions create, order, activate, retire and delete them (the
 * permission catalogue has no token-package area; packages are a site setting).
 */
import { LIMITS, paths } from '@fandeck/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ID_PATTERN } from '../../db/schema/ids.js';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.js';
import { amountSchema, fromCents } from '../../money/amounts.js';
import { listQuerySchema, toPage } from '../../http/pagination.js';
import type { ApiScope } from '../types.js';
import { activePackages, allPackages, createPackage, deletePackage, updatePackage, type TokenPackage } from './token-packages.service.js';

export const tokenPackageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  /** What the fan pays, in currency units. */
  price: z.number(),
  /** What the wallet receives. */
  tokens: z.number(),
  ordering: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const present = (row: TokenPackage): z.infer<typeof tokenPackageSchema> => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  price: fromCents(row.priceCents),
  tokens: fromCents(row.tokensCents),
  ordering: row.ordering,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A positive amount in currency units, at most a million. */
const positiveAmount = amountSchema.refine((cents) => cents > 0 && cents <= 1_000_000_00, 'must be more than 0 and at most 1000000');
const fields = {
  name: z.string().trim().min(1, 'must not be empty').max(LIMITS.catalog.packageNameMax),
  description: z.string().trim().max(LIMITS.catalog.packageDescriptionMax),
  price: positiveAmount,
  tokens: positiveAmount,
  ordering: z.number().int().min(-1_000_000).max(1_000_000),
  isActive: z.boolean(),
};
const createBody = z.object(fields).partial().required({ name: true, price: true, tokens: true });
const updateBody = z.object(fields).partial();
const inputOf = ({ price, tokens, ...rest }: z.output<typeof updateBody>) => ({ ...rest, priceCents: price, tokensCents: tokens });
const idParams = z.object({ id: z.string().regex(ID_PATTERN, 'must be a token package id') });
const one = { 200: envelopeSchema(tokenPackageSchema) };

export function registerTokenPackages(api: ApiScope, ctx: AppContext): void {
  api.get(
    paths['tokenPackages.search'],
    {
      schema: {
        tags: ['payments'],
        summary: 'The active token packages, by their ordering then price (possibly none)',
        querystring: listQuerySchema.omit({ sortBy: true, sort: true }),
        response: { 200: listSchema(tokenPackageSchema) },
      },
    },
    async (request) => {
      const { items, total } = await activePackages(ctx, toPage(request.query, { limit: 50 }), request.query.q);
      return list(items.map(present), total);
    },
  );

  api.get(
    paths['admin.tokenPackages.search'],
    {
      schema: {
        tags: ['payments'],
        summary: 'Every token package, retired ones too, in their order (`isActive` filters)',
        querystring: listQuerySchema.omit({ sortBy: true, sort: true }).extend({ isActive: z.enum(['true', 'false']).optional() }),
        response: { 200: listSchema(tokenPackageSchema) },
      },
    },
    async (request) => {
      const { isActive, q } = request.query;
      const { items, total } = await allPackages(ctx, toPage(request.query, { limit: 50 }), { q, isActive: isActive === undefined ? undefined : isActive === 'true' });
      return list(items.map(present), total);
    },
  );

  api.post(
    paths['admin.tokenPackages.create'],
    {
      schema: {
        tags: ['payments'],
        summary: 'Create a token package: `price` is what the fan pays, `tokens` what the wallet receives',
        body: createBody,
        response: one,
      },
    },
    async (request) => {
      const { price, tokens, ...rest } = request.body;
      return ok(present(await createPackage(ctx, { ...rest, priceCents: price, tokensCents: tokens })));
    },
  );

  api.put(
    paths['admin.tokenPackages.update'],
    {
      schema: {
        tags: ['payments'],
        summary: 'Change a token package: its order, texts, price and tokens; `isActive: false` retires it, `true` puts it on sale again',
        description: 'Top-ups already started keep the price and tokens they were created with.',
        params: idParams,
        body: updateBody,
        response: one,
      },
    },
    async (request) => ok(present(await updatePackage(ctx, request.params.id, inputOf(request.body)))),
  );

  api.delete(
    paths['admin.tokenPackages.delete'],
    {
      schema: {
        tags: ['payments'],
        summary: 'Delete a token package (answers it as it was); top-ups that bought it keep its name',
        params: idParams,
        response: one,
      },
    },
    async (request) => ok(present(await deletePackage(ctx, request.params.id))),
  );
}
