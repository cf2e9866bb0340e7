/** Site promos: what a site shows now, and staff's create, order, schedule and retire. */
import { and, asc, count, desc, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { sitePromos, type SitePromoStatus } from './site-promos.tables.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Page } from '../../http/pagination.js';

export type SitePromo = typeof sitePromos.$inferSelect;

export interface SitePromoInput {
  title?: string | undefined;
  description?: string | undefined;
  imageUrl?: string | undefined;
  linkUrl?: string | undefined;
  position?: string | undefined;
  ordering?: number | undefined;
  startAt?: Date | null | undefined;
  endAt?: Date | null | undefined;
}

const NOT_FOUND = 'Site promo not found';

/** Shown now: active, started (or no start) and not ended (or no end). */
const shownAt = (now: Date): SQL =>
  and(eq(sitePromos.status, 'active'), or(isNull(sitePromos.startAt), lte(sitePromos.startAt, now)), or(isNull(sitePromos.endAt), gt(sitePromos.endAt, now)))!;

async function pageOf(ctx: AppContext, where: SQL | undefined, page: Page) {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(sitePromos)
      .where(where)
      .orderBy(asc(sitePromos.ordering), desc(sitePromos.createdAt), asc(sitePromos.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(sitePromos).where(where),
  ]);
  return { items: rows, total: total?.total ?? 0 };
}

/** The public list: promos shown now, lowest `ordering` first, optionally of one position. */
export function shownPromos(ctx: AppContext, page: Page, position?: string) {
  return pageOf(ctx, and(shownAt(ctx.now()), position ? eq(sitePromos.position, position) : undefined), page);
}

/** Staff's list: every promo, retired ones too unless a status is asked for. */
export function allPromos(ctx: AppContext, page: Page, status?: SitePromoStatus) {
  return pageOf(ctx, status ? eq(sitePromos.status, status) : undefined, page);
}

function checkWindow(startAt: Date | null | undefined, endAt: Date | null | undefined): void {
  if (startAt && endAt && startAt >= endAt) throw badRequest('request.invalid', 'body.endAt: must be after startAt', ['body.endAt']);
}

async function findPromo(ctx: AppContext, id: string): Promise<SitePromo> {
  const [row] = await ctx.db.select().from(sitePromos).where(eq(sitePromos.id, id)).limit(1);
  if (!row) throw notFound('site_promos.not_found', NOT_FOUND);
  return row;
}

export async function createPromo(ctx: AppContext, input: SitePromoInput & { title: string }): Promise<SitePromo> {
  checkWindow(input.startAt, input.endAt);
  const [row] = await ctx.db.insert(sitePromos).values(defined(input)).returning();
  return row!;
}

/** Changes what is given: the order, the schedule (null opens that end of the window), the texts. */
export async function updatePromo(ctx: AppContext, id: string, input: SitePromoInput): Promise<SitePromo> {
  const current = await findPromo(ctx, id);
  checkWindow(input.startAt === undefined ? current.startAt : input.startAt, input.endAt === undefined ? current.endAt : input.endAt);
  const [row] = await ctx.db
    .update(sitePromos)
    .set({ ...defined(input), updatedAt: ctx.now() })
    .where(eq(sitePromos.id, id))
    .returning();
  if (!row) throw notFound('site_promos.not_found', NOT_FOUND);
  return row;
}

/** Retires a promo: never shown again, kept for the record. Retiring twice changes nothing. */
export async function retirePromo(ctx: AppContext, id: string): Promise<SitePromo> {
  const current = await findPromo(ctx, id);
  if (current.status === 'retired') return current;
  const now = ctx.now();
  const [row] = await ctx.db.update(sitePromos).set({ status: 'retired', retiredAt: now, updatedAt: now }).where(eq(sitePromos.id, id)).returning();
  return row!;
}

const defined = <T extends object>(input: T): { [K in keyof T]: Exclude<T[K], undefined> } =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as { [K in keyof T]: Exclude<T[K], undefined> };
