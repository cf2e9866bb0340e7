import { asc, count, desc, eq, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context.js';
import { users } from '../domains/accounts/accounts.tables.js';
import type { Page } from '../http/pagination.js';

/** A creator as a content card names them: the public columns of their account. */
export const creatorColumns = { id: users.id, username: users.username, name: users.name, avatarPath: users.avatarPath };

/** What each kind of creator content has: its id and its creator's. */
type ContentTable = PgTable & { id: AnyColumn; performerId: AnyColumn };

/**
 * One page of a kind of creator content (posts, videos, reels, galleries, products) as a
 * list answers it: each row as `{ [key]: row, creator }`, sorted by `column` in the page's
 * direction and then newest id first (so rows of one instant keep one order), and the
 * count of every row `where` selects. The filters (published, blocked, hidden from the
 * viewer's country) are the caller's: each kind decides what a viewer may see.
 */
export async function contentPage<R>(ctx: AppContext, key: string, table: ContentTable, where: SQL | undefined, column: AnyColumn, page: Page): Promise<{ items: R[]; total: number }> {
  const ofCreator = eq(users.id, table.performerId);
  const fields = { [key]: table, creator: creatorColumns } as unknown as Record<string, PgColumn>;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(fields)
      .from(table)
      .innerJoin(users, ofCreator)
      .where(where)
      .orderBy(page.sort === 'asc' ? asc(column) : desc(column), desc(table.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(table).innerJoin(users, ofCreator).where(where),
  ]);
  return { items: rows as R[], total: total?.total ?? 0 };
}
