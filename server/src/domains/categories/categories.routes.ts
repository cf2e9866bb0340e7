/**
 * Creator categories: anyone reads the catalogue (fans filter creators by it, creators pick
 * from it); admins create, rename, order, hide and delete them.
 */
import { z } from 'zod';
import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { CATEGORY_STATUSES } from './categories.tables.js';
import { envelopeSchema, list, listSchema, ok, okFor } from '../../http/envelope.js';
import { listQuerySchema, toPage } from '../../http/pagination.js';
import { defineDomain, type DomainDeps } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { createCategory, deleteCategory, searchCategories, updateCategory, type Category } from './categories.service.js';

const categorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  ordering: z.number().int(),
  status: z.enum(CATEGORY_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});

function presentCategory(category: Category): z.infer<typeof categorySchema> {
  return {
    _id: category.id,
    name: category.name,
    slug: category.slug,
    description: category.description,
    ordering: category.ordering,
    status: category.status,
    createdAt: category.createdAt.toISOString(),
    updatedAt: category.updatedAt.toISOString(),
  };
}

const idParams = z.object({ id: z.string().min(1).max(64) });
const fields = {
  name: z.string().trim().min(1, 'must not be empty').max(100),
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'may hold only lower-case letters, digits and single hyphens')
    .max(80),
  description: z.string().max(1000),
  ordering: z.number().int().min(-1_000_000).max(1_000_000),
  status: z.enum(CATEGORY_STATUSES),
};
const createBody = z.object({ name: fields.name, slug: fields.slug.optional(), description: fields.description.optional(), ordering: fields.ordering.optional(), status: fields.status.optional() });
const updateBody = createBody.partial();

async function categoriesRoutes(api: ApiScope, ctx: AppContext, _deps: DomainDeps) {
  api.get(
    paths['categories.search'],
    {
      schema: {
        tags: ['categories'],
        summary: 'Creator categories, by their ordering then name (paged)',
        querystring: listQuerySchema.omit({ sortBy: true, sort: true }).extend({ status: z.enum(CATEGORY_STATUSES).optional() }),
        response: { 200: listSchema(categorySchema) },
      },
    },
    async (request) => {
      const { items, total } = await searchCategories(ctx.db, request.query, toPage(request.query, { limit: 50 }));
      return list(items.map(presentCategory), total);
    },
  );

  api.post(
    paths['admin.categories.create'],
    {
      schema: {
        tags: ['categories'],
        summary: 'Create a creator category (name unique whatever its case; slug from the name when not given)',
        body: createBody,
        response: { 200: envelopeSchema(categorySchema) },
      },
    },
    async (request) => okFor('admin.categories.create', presentCategory(await createCategory(ctx.db, request.body))),
  );

  api.put(
    paths['admin.categories.update'],
    {
      schema: { tags: ['categories'], summary: 'Rename, reorder, describe, show or hide a category', params: idParams, body: updateBody, response: { 200: envelopeSchema(categorySchema) } },
    },
    async (request) => ok(presentCategory(await updateCategory(ctx.db, request.params.id, request.body, ctx.now()))),
  );

  api.delete(
    paths['admin.categories.delete'],
    {
      schema: { tags: ['categories'], summary: 'Delete a category; creators who chose it lose it', params: idParams, response: { 200: envelopeSchema(z.object({ success: z.literal(true) })) } },
    },
    async (request) => {
      await deleteCategory(ctx.db, request.params.id);
      return ok({ success: true as const });
    },
  );
}

export default defineDomain({ name: 'categories', dependsOn: ['accounts', 'auth'], register: categoriesRoutes });
