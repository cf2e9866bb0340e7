/** Token packages: the bundles a fan may buy through a top-up, and staff's create, order, activate, retire and delete. */
import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { tokenPackages } from './payments.tables.js';
import { notFound, unprocessable } from '../../http/errors.js';
import { escapeLike, type Page } from '../../http/pagination.js';
import { assertTopUpLimits } from './top-up-limits.js';

export type TokenPackage = typeof tokenPackages.$inferSelect;

export interface TokenPackageInput {
  name?: string | undefined;
  description?: string | undefined;
  priceCents?: number | undefined;
  tokensCents?: number | undefined;
  ordering?: number | undefined;
  isActive?: boolean | undefined;
}

const NOT_FOUND = 'Token package not found';

/** Lowest `ordering` first, then the cheapest. */
async function pageOf(ctx: AppContext, where: SQL | undefined, page: Page) {
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
  return { items: rows, total: total?.total ?? 0 };
}

const named = (q: string | undefined) => (q ? ilike(tokenPackages.name, `%${escapeLike(q)}%`) : undefined);

/** The public list: active packages only. */
export function activePackages(ctx: AppContext, page: Page, q?: string) {
  return pageOf(ctx, and(eq(tokenPackages.isActive, true), named(q)), page);
}

/** Staff's list: every package, retired ones too unless `isActive` is asked for. */
export function allPackages(ctx: AppContext, page: Page, filter: { q?: string | undefined; isActive?: boolean | undefined }) {
  return pageOf(ctx, and(filter.isActive === undefined ? undefined : eq(tokenPackages.isActive, filter.isActive), named(filter.q)), page);
}

async function findPackage(db: DbOrTx, id: string, lock = false): Promise<TokenPackage | undefined> {
  const query = db.select().from(tokenPackages).where(eq(tokenPackages.id, id)).limit(1);
  const [row] = lock ? await query.for('key share') : await query;
  return row;
}

/**
 * The package a top-up buys: an unknown one is a 404 `token_packages.not_found`, a retired
 * one a 422 `payment.package_unavailable` (the fan's screen is out of date). `lock`, inside
 * the transaction that records the top-up: a concurrent delete waits for it (then clears the
 * link) instead of failing its foreign key.
 */
export async function buyablePackage(db: DbOrTx, id: string, lock = false): Promise<TokenPackage> {
  const row = await findPackage(db, id, lock);
  if (!row) throw notFound('token_packages.not_found', NOT_FOUND);
  if (!row.isActive) throw unprocessable('payment.package_unavailable', 'This token package is no longer on sale; choose another');
  return row;
}

/**
 * A package's price keeps to the top-up limits (422 `payment.topup_out_of_range`), so staff
 * learn at once that a package could not be bought. If the limits change later, a package
 * outside them is refused at the top-up with the same code.
 */
export async function createPackage(ctx: AppContext, input: TokenPackageInput & { name: string; priceCents: number; tokensCents: number }): Promise<TokenPackage> {
  await assertTopUpLimits(ctx.db, input.priceCents);
  const [row] = await ctx.db.insert(tokenPackages).values(defined(input)).returning();
  return row!;
}

/** Changes what is given: the order, the texts, the price and tokens (top-ups already started keep theirs), active or retired. */
export async function updatePackage(ctx: AppContext, id: string, input: TokenPackageInput): Promise<TokenPackage> {
  if (input.priceCents !== undefined) await assertTopUpLimits(ctx.db, input.priceCents);
  const [row] = await ctx.db
    .update(tokenPackages)
    .set({ ...defined(input), updatedAt: ctx.now() })
    .where(eq(tokenPackages.id, id))
    .returning();
  if (!row) throw notFound('token_packages.not_found', NOT_FOUND);
  return row;
}

/** Deletes a package; the top-ups that bought it keep its name (their link is cleared). Answers what was deleted. */
export async function deletePackage(ctx: AppContext, id: string): Promise<TokenPackage> {
  const [row] = await ctx.db.delete(tokenPackages).where(eq(tokenPackages.id, id)).returning();
  if (!row) throw notFound('token_packages.not_found', NOT_FOUND);
  return row;
}

const defined = <T extends object>(input: T): { [K in keyof T]: Exclude<T[K], undefined> } =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as { [K in keyof T]: Exclude<T[K], undefined> };
