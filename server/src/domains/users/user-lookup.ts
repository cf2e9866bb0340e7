import { LIMITS } from '@fandeck/contract';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { users } from '../accounts/accounts.tables.js';
import { notFound } from '../../http/errors.js';
import { escapeLike, sortableListQuery, sortColumnOf, toPage } from '../../http/pagination.js';
import { AVATAR_PLACEHOLDER, fileUrl } from '../accounts/index.js';

/** What anyone may see of an account: no email, no balance. */
export const publicUserSchema = z.object({
  _id: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  avatar: z.string(),
  isPerformer: z.boolean(),
});

/** What staff see in a search. */
export const staffUserSchema = publicUserSchema.extend({ email: z.string(), role: z.string(), status: z.string(), createdAt: z.string() });

export const userSortColumns = { createdAt: users.createdAt, username: users.username, name: users.name } as const;
export const userSearchQuerySchema = sortableListQuery(userSortColumns).extend({
  q: z.string().trim().max(LIMITS.search.accountQueryMax).optional(),
  role: z.enum(['user', 'performer', 'manager', 'admin']).optional(),
  status: z.enum(['active', 'inactive', 'pending-email-confirmation']).optional(),
});

type Row = typeof users.$inferSelect;
const publicOf = (ctx: AppContext, u: Row) => ({
  _id: u.id,
  username: u.username,
  name: u.name,
  avatar: fileUrl(ctx.config.publicOrigin, u.avatarPath, AVATAR_PLACEHOLDER),
  isPerformer: u.role === 'performer',
});

/** An account as staff see it in the back office. */
export const presentStaffUser = (ctx: AppContext, u: Row) => ({ ...publicOf(ctx, u), email: u.email, role: u.role, status: u.status, createdAt: u.createdAt.toISOString() });

/** An active account by id, as anyone may see it. */
export async function viewUser(ctx: AppContext, id: string) {
  const [user] = await ctx.db.select().from(users).where(and(eq(users.id, id), eq(users.status, 'active')));
  if (!user) throw notFound('users.not_found', 'User not found');
  return publicOf(ctx, user);
}

/** Accounts for staff: by username, name or email, role and status. */
export async function searchUsers(ctx: AppContext, query: z.output<typeof userSearchQuerySchema>) {
  const page = toPage(query, { sortBy: 'createdAt' });
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    filters.push(or(ilike(users.username, pattern), ilike(users.name, pattern), ilike(users.email, pattern))!);
  }
  if (query.role) filters.push(eq(users.role, query.role));
  if (query.status) filters.push(eq(users.status, query.status));
  const where = filters.length ? and(...filters) : undefined;
  const column = sortColumnOf(userSortColumns, page, users.createdAt);
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(users).where(where).orderBy(page.sort === 'asc' ? asc(column) : desc(column), asc(users.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ total: count() }).from(users).where(where),
  ]);
  const items = rows.map((u) => presentStaffUser(ctx, u));
  return { items, total: total?.total ?? 0 };
}
