import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation, violatedConstraint } from '../../db/errors.js';
import { newId } from '../../db/schema/ids.js';
import { performerCategories, type CategoryStatus } from './categories.tables.js';
import { conflict, notFound } from '../../http/errors.js';
import { escapeLike, type Page } from '../../http/pagination.js';

export type Category = typeof performerCategories.$inferSelect;

export interface CategoryInput {
  name: string;
  slug?: string | undefined;
  description?: string | undefined;
  ordering?: number | undefined;
  status?: CategoryStatus | undefined;
}

/** `Música ao vivo` → `musica-ao-vivo`: lower case, accents dropped, anything else a hyphen. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** A clash on the name (case-insensitive) or the slug is a 409 that says which. */
function rethrowCategoryConflict(error: unknown): never {
  if (isUniqueViolation(error)) {
    const onSlug = violatedConstraint(error)?.includes('slug') ?? false;
    throw conflict('categories.name_taken', onSlug ? 'A category with this slug already exists' : 'A category with this name already exists');
  }
  throw error;
}

export async function searchCategories(db: DbOrTx, query: { q?: string | undefined; status?: CategoryStatus | undefined }, page: Page) {
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    filters.push(or(ilike(performerCategories.name, pattern), ilike(performerCategories.slug, pattern))!);
  }
  if (query.status) filters.push(eq(performerCategories.status, query.status));
  const where = and(...filters);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(performerCategories)
      .where(where)
      .orderBy(asc(performerCategories.ordering), asc(sql`lower(${performerCategories.name})`), asc(performerCategories.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(performerCategories).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

export async function createCategory(db: DbOrTx, input: CategoryInput): Promise<Category> {
  try {
    const [row] = await db
      .insert(performerCategories)
      .values({
        name: input.name,
        // A name of symbols only has no slug of its own.
        slug: input.slug ?? (slugify(input.name) || `category-${newId()}`),
        description: input.description ?? '',
        ordering: input.ordering ?? 0,
        status: input.status ?? 'active',
      })
      .returning();
    return row!;
  } catch (error) {
    return rethrowCategoryConflict(error);
  }
}

export async function updateCategory(db: DbOrTx, id: string, input: Partial<CategoryInput>, now: Date): Promise<Category> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  try {
    const [row] = await db
      .update(performerCategories)
      .set({ ...changes, updatedAt: now })
      .where(eq(performerCategories.id, id))
      .returning();
    if (!row) throw notFound('categories.not_found', 'No such category');
    return row;
  } catch (error) {
    return rethrowCategoryConflict(error);
  }
}

/** Deletes a category; every creator who chose it loses it (the links cascade). */
export async function deleteCategory(db: DbOrTx, id: string): Promise<void> {
  const deleted = await db.delete(performerCategories).where(eq(performerCategories.id, id)).returning({ id: performerCategories.id });
  if (deleted.length === 0) throw notFound('categories.not_found', 'No such category');
}
