import { eq, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation, violatedConstraint } from '../../db/errors.js';
import { performers } from '../performers/performers.tables.js';
import { users } from './accounts.tables.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { fromCents } from '../../money/amounts.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { balanceOf } from '../../money/ledger/ledger.js';
import { validatePhoneNumber } from '../reference/index.js';
import { presentUser, type UserDto } from './accounts.presenter.js';

/** A fan's, creator's or staff member's account row. */
export type Account = typeof users.$inferSelect;

export async function findUserById(db: DbOrTx, id: string): Promise<Account> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw notFound('users.not_found', 'User not found');
  return user;
}

/** Addresses are compared without case: `Ana@Example.test` is the same account as `ana@example.test`. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<Account | undefined> {
  const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email.trim().toLowerCase())).limit(1);
  return user;
}

/** What a sign-in form accepts: the email address or the username, either case. */
export async function findUserByLogin(db: DbOrTx, identifier: string): Promise<Account | undefined> {
  const login = identifier.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.email})`, login), eq(sql`lower(${users.username})`, login)))
    .limit(1);
  return user;
}

/**
 * The account as its owner sees it, with its balance from the ledger: a fan's wallet, a
 * creator's earnings (what `update_balance` reports to a creator, so a reload agrees with
 * the event) and the creator's wallet beside it.
 */
export async function presentAccount(ctx: AppContext, user: Account): Promise<UserDto> {
  const walletCents = await balanceOf(ctx.db, accountKeys.wallet(user.id));
  if (user.role !== 'performer') return presentUser(ctx.config.publicOrigin, user, walletCents);
  const dto = presentUser(ctx.config.publicOrigin, user, await balanceOf(ctx.db, accountKeys.earnings(user.id)));
  const [profile] = await ctx.db.select().from(performers).where(eq(performers.userId, user.id)).limit(1);
  const count = (n: number | undefined) => Math.max(0, n ?? 0);
  return {
    ...dto,
    walletBalance: fromCents(walletCents),
    verifiedDocument: profile?.verifiedDocument ?? false,
    stats: {
      subscribers: count(profile?.subscribersCount),
      followers: count(profile?.followersCount),
      totalFeeds: count(profile?.feedsCount),
      totalVideos: 0,
      totalPhotos: 0,
      totalProducts: 0,
      likes: 0,
    },
  };
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<Account> {
  try {
    const [row] = await db.insert(users).values(values).returning();
    return row!;
  } catch (error) {
    return rethrowUserConflict(error);
  }
}

/** Turns a clash on the users' unique indexes into a 409 that names the field. */
export function rethrowUserConflict(error: unknown): never {
  if (isUniqueViolation(error)) {
    const field = violatedConstraint(error)?.includes('username') ? 'username' : 'email';
    throw field === 'username'
      ? conflict('auth.username_taken', 'This username is already taken')
      : conflict('auth.email_taken', 'This email address is already registered');
  }
  throw error;
}

export const displayName = (u: { name?: string | undefined; firstName?: string | undefined; lastName?: string | undefined; username?: string | undefined; email: string }) =>
  u.name?.trim() || [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.username || u.email.split('@')[0]!;

/** The phone in E.164, or undefined when none was given; a number that cannot be one is a 400 on `body.phone`. */
export function checkPhone(phone: string | undefined, countryCode: string | undefined): string | undefined {
  if (phone === undefined || phone === '') return undefined;
  const result = validatePhoneNumber({ phone, ...(countryCode ? { countryCode } : {}) });
  if (!result.ok) throw new HttpError(400, 'auth.phone_invalid', `body.phone: ${result.message}`, {}, ['body.phone']);
  return result.e164;
}
