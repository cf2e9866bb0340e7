/**
 * Token packages: wallet top-up bundles staff define (pay a price, receive tokens). Existing
 * clients list them on the top-up screen (`GET /package/token/search`); an empty list means
 * the fan types an amount instead.
 */
import { paths } from '@fandeck/contract';
import { and, asc, count, eq, ilike } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { tokenPackages } from '../../db/schema/index.js';
import { list, listSchema } from '../../http/envelope.js';
import { fromCents } from '../../http/money.js';
import { escapeLike, listQuerySchema, toPage } from '../../http/pagination.js';
import type { ApiScope } from '../types.js';

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

const present = (row: typeof tokenPackages.$inferSelect): z.infer<typeof tokenPackageSchema> => ({
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

export function registerTokenPackages(api: ApiScope, ctx: AppContext): void {
  api.get(
    paths['tokenPackages.search'],
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'The active token packages, by their ordering then price (possibly none)',
        querystring: listQuerySchema.omit({ sortBy: true, sort: true }),
        response: { 200: listSchema(tokenPackageSchema) },
      },
    },
    async (request) => {
      const page = toPage(request.query, { limit: 50 });
      const where = and(eq(tokenPackages.isActive, true), request.query.q ? ilike(tokenPackages.name, `%${escapeLike(request.query.q)}%`) : undefined);
      const [rows, [total]] = await Promise.all([
        ctx.db
          .select()
          .from(tokenPackages)
          .where(where)
          .orderBy(asc(tokenPackages.ordering), asc(tokenPackages.priceCents), asc(tokenPackages.id))
          .limit(page.limit)
          .offset(page.offset),
        ctx.db.select({ total: count() }).from(tokenPackages).where(where),
      ]);
      return list(rows.map(present), total?.total ?? 0);
    },
  );
}
