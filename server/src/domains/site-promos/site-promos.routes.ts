/**
 * Site promos (`GET /site-promo/search`): the banners a site shows, a list payload that may be
 * empty (a page's server render fails without it). Staff with the settings permissions
 * create, order, schedule and retire them.
 */
import { LIMITS, paths } from '@fandeck/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ID_PATTERN } from '../../db/schema/ids.js';
import { SITE_PROMO_STATUSES } from './site-promos.tables.js';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.js';
import { listQuerySchema, toPage } from '../../http/pagination.js';
import { defineDomain } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { allPromos, createPromo, retirePromo, shownPromos, updatePromo, type SitePromo } from './site-promos.service.js';

const sitePromoSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
  position: z.string(),
  ordering: z.number().int(),
  status: z.enum(SITE_PROMO_STATUSES),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const present = (row: SitePromo): z.infer<typeof sitePromoSchema> => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  imageUrl: row.imageUrl,
  linkUrl: row.linkUrl,
  position: row.position,
  ordering: row.ordering,
  status: row.status,
  startAt: row.startAt?.toISOString() ?? null,
  endAt: row.endAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** An absolute http(s) URL or a path on this site; never `javascript:` and the like. */
const link = z
  .string()
  .trim()
  .max(LIMITS.catalog.promoLinkMax)
  .regex(/^(https?:\/\/|\/([^/]|$))/, 'must be an http(s) URL or a path starting with /')
  .or(z.literal(''));
const moment = z.iso.datetime({ offset: true }).transform((text) => new Date(text));
const fields = {
  title: z.string().trim().min(1, 'must not be empty').max(LIMITS.catalog.promoTitleMax),
  description: z.string().trim().max(LIMITS.catalog.promoDescriptionMax),
  imageUrl: link,
  linkUrl: link,
  position: z.string().trim().min(1).max(50),
  ordering: z.number().int().min(-1_000_000).max(1_000_000),
  startAt: moment.nullable(),
  endAt: moment.nullable(),
};
const createBody = z.object(fields).partial().required({ title: true });
const updateBody = z.object(fields).partial();
const idParams = z.object({ id: z.string().regex(ID_PATTERN, 'must be a site promo id') });
const one = { 200: envelopeSchema(sitePromoSchema) };

async function sitePromosRoutes(api: ApiScope, ctx: AppContext) {
  api.get(
    paths['sitePromos.search'],
    {
      schema: {
        tags: ['site-promos'],
        summary: 'The promos shown now: active and inside their window, lowest ordering first (possibly none)',
        querystring: listQuerySchema.omit({ sortBy: true, sort: true }).extend({ position: z.string().trim().max(50).optional() }),
        response: { 200: listSchema(sitePromoSchema) },
      },
    },
    async (request) => {
      const { items, total } = await shownPromos(ctx, toPage(request.query, { limit: 20 }), request.query.position);
      return list(items.map(present), total);
    },
  );

  api.get(
    paths['admin.sitePromos.search'],
    {
      schema: {
        tags: ['site-promos'],
        summary: 'Every promo, retired and scheduled ones too, in their order',
        querystring: listQuerySchema.omit({ sortBy: true, sort: true }).extend({ status: z.enum(SITE_PROMO_STATUSES).optional() }),
        response: { 200: listSchema(sitePromoSchema) },
      },
    },
    async (request) => {
      const { items, total } = await allPromos(ctx, toPage(request.query, { limit: 50 }), request.query.status);
      return list(items.map(present), total);
    },
  );

  api.post(
    paths['admin.sitePromos.create'],
    {
      schema: { tags: ['site-promos'], summary: 'Create a promo; `startAt`/`endAt` schedule it (either may be open)', body: createBody, response: one },
    },
    async (request) => ok(present(await createPromo(ctx, request.body))),
  );

  api.put(
    paths['admin.sitePromos.update'],
    {
      schema: { tags: ['site-promos'], summary: 'Change a promo: its order, its schedule (null opens that end), its texts and links', params: idParams, body: updateBody, response: one },
    },
    async (request) => ok(present(await updatePromo(ctx, request.params.id, request.body))),
  );

  api.delete(
    paths['admin.sitePromos.retire'],
    {
      schema: { tags: ['site-promos'], summary: 'Retire a promo: never shown again, kept for the record', params: idParams, response: one },
    },
    async (request) => ok(present(await retirePromo(ctx, request.params.id))),
  );
}

export default defineDomain({ name: 'site-promos', dependsOn: ['accounts', 'auth'], register: sitePromosRoutes });
