import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../accounts/accounts.tables.js';
import { performerBlockedCountries, userBlocks } from './blocks.tables.js';
import { notFound, unprocessable } from '../../http/errors.js';
import { escapeLike, sortColumnOf, toPage } from '../../http/pagination.js';
import { AVATAR_PLACEHOLDER, fileUrl } from '../accounts/index.js';
import type { BlockListQuery } from './blocks.schemas.js';

export interface BlockedUserDto {
  _id: string;
  username: string | null;
  name: string | null;
  avatar: string;
  reason: string;
  createdAt: string;
}

const blockedColumns = { id: users.id, username: users.username, name: users.name, avatarPath: users.avatarPath, reason: userBlocks.reason, createdAt: userBlocks.createdAt };
type BlockedRow = { id: string; username: string | null; name: string | null; avatarPath: string | null; reason: string; createdAt: Date };

const present = (ctx: AppContext, row: BlockedRow): BlockedUserDto => ({
  _id: row.id,
  username: row.username,
  name: row.name,
  avatar: fileUrl(ctx.config.publicOrigin, row.avatarPath, AVATAR_PLACEHOLDER),
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
});

/** The creator blocks a user; blocking again changes nothing (the first reason stays). */
export async function blockUser(ctx: AppContext, creatorId: string, input: { targetId: string; reason?: string | undefined }): Promise<BlockedUserDto> {
  if (input.targetId === creatorId) throw unprocessable('blocks.self', 'You cannot block yourself');
  const [target] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, input.targetId));
  if (!target) throw notFound('users.not_found', 'User not found');
  await ctx.db
    .insert(userBlocks)
    .values({ performerId: creatorId, userId: target.id, reason: input.reason ?? '' })
    .onConflictDoNothing();
  const [row] = await ctx.db
    .select(blockedColumns)
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.userId))
    .where(and(eq(userBlocks.performerId, creatorId), eq(userBlocks.userId, target.id)));
  return present(ctx, row!);
}

/** Lifts a block; unblocking someone not blocked changes nothing. */
export async function unblockUser(ctx: AppContext, creatorId: string, targetId: string): Promise<void> {
  await ctx.db.delete(userBlocks).where(and(eq(userBlocks.performerId, creatorId), eq(userBlocks.userId, targetId)));
}

/** The creator's blocked users, newest block first by default; `q` matches a username or name. */
export async function listBlocked(ctx: AppContext, creatorId: string, query: BlockListQuery) {
  const page = toPage(query, { sortBy: 'createdAt' });
  const filters: (SQL | undefined)[] = [eq(userBlocks.performerId, creatorId)];
  if (query.q) filters.push(or(ilike(users.username, `%${escapeLike(query.q)}%`), ilike(users.name, `%${escapeLike(query.q)}%`)));
  const where = and(...filters);
  const column = sortColumnOf({ createdAt: userBlocks.createdAt, username: users.username }, page, userBlocks.createdAt);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(blockedColumns)
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.userId))
      .where(where)
      .orderBy(page.sort === 'asc' ? asc(column) : desc(column), asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(userBlocks).innerJoin(users, eq(users.id, userBlocks.userId)).where(where),
  ]);
  return { items: rows.map((row) => present(ctx, row)), total: total?.total ?? 0 };
}

/** Replaces the countries whose visitors may not see the creator; answers the new list, sorted. */
export async function setBlockedCountries(ctx: AppContext, creatorId: string, codes: readonly string[]): Promise<string[]> {
  const unique = [...new Set(codes.map((code) => code.toUpperCase()))].sort();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(performerBlockedCountries).where(eq(performerBlockedCountries.performerId, creatorId));
    if (unique.length) await tx.insert(performerBlockedCountries).values(unique.map((countryCode) => ({ performerId: creatorId, countryCode })));
  });
  return unique;
}

/** The countries a creator hides from, sorted. */
export async function blockedCountriesOf(ctx: AppContext, creatorId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ code: performerBlockedCountries.countryCode })
    .from(performerBlockedCountries)
    .where(eq(performerBlockedCountries.performerId, creatorId))
    .orderBy(asc(performerBlockedCountries.countryCode));
  return rows.map((r) => r.code);
}
