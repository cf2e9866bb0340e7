import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.js';
import { listQuerySchema } from '../../http/pagination.js';
import type { ApiScope } from '../types.js';
import { performerSchema } from './performers.presenter.js';
import { findPerformer, searchPerformers } from './performers.service.js';

export default async function performersRoutes(api: ApiScope, ctx: AppContext) {
  api.get(
    '/performers/search',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['performers'],
        summary: 'Find creators (paged)',
        querystring: listQuerySchema.extend({
          gender: z.enum(['male', 'female', 'trans']).optional(),
          countryCode: z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code').optional(),
        }),
        response: { 200: listSchema(performerSchema) },
      },
    },
    async (request) => {
      const { items, total } = await searchPerformers(ctx, request.query);
      return list(items, total);
    },
  );

  api.get(
    '/performers/:id',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['performers'],
        summary: "A creator's public profile, by id or username",
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: envelopeSchema(performerSchema) },
      },
    },
    async (request) => ok(await findPerformer(ctx, request.params.id)),
  );
}
