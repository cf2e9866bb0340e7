/**
 * Referrals: each user's code (made on first ask), the users who registered with it, and
 * the commissions it earned, read from the user's `referral:<id>` ledger account.
 */
import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ReferralCode, ReferralDto, ReferralEarningDto, ReferralEarningStats } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { users } from '../accounts/accounts.tables.js';
import { fromCents } from '../../money/amounts.js';
import { sortColumnOf, toPage, type ListQuery } from '../../http/pagination.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { accountIdOf, creditsOf, type TimeRange } from './earning-credits.js';
import { partiesById, presentParty } from './party-info.js';

/** Upper-case letters and digits, without the ones people misread (0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;
const MAX_ATTEMPTS = 8;

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Where a new user registers with the code (the host site's registration page). */
export const referralLink = (origin: string, code: string) => `${origin}/auth/register?ref=${encodeURIComponent(code)}`;

/**
 * The user's code, made and stored the first time it is asked for. Only a user without one
 * gets one (so two parallel first asks agree), and a code another user holds is drawn again.
 */
export async function referralCodeOf(ctx: AppContext, userId: string): Promise<ReferralCode> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const [user] = await ctx.db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId)).limit(1);
    if (user?.code) return { code: user.code, link: referralLink(ctx.config.publicOrigin, user.code) };
    try {
      await ctx.db
        .update(users)
        .set({ referralCode: newReferralCode() })
        .where(and(eq(users.id, userId), isNull(users.referralCode)));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error(`No free referral code after ${MAX_ATTEMPTS} attempts`);
}

/** The id of the user whose code this is (any case, spaces around ignored), if any. */
export async function referrerOfCode(db: DbOrTx, code: string | undefined): Promise<string | null> {
  const wanted = code?.trim().toUpperCase();
  if (!wanted || !/^[A-Z0-9]{4,32}$/.test(wanted)) return null;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, wanted)).limit(1);
  return row?.id ?? null;
}

export const referralSortColumns = { createdAt: users.createdAt } as const;

/** The users who registered with my code, newest first by default. */
export async function searchReferrals(ctx: AppContext, userId: string, query: ListQuery): Promise<{ items: ReferralDto[]; total: number }> {
  const page = toPage(query, { sortBy: 'createdAt' });
  const where = eq(users.referredBy, userId);
  const column = sortColumnOf(referralSortColumns, page, users.createdAt);
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({ id: users.id, name: users.name, username: users.username, avatarPath: users.avatarPath, role: users.role, createdAt: users.createdAt })
      .from(users)
      .where(where)
      .orderBy(page.sort === 'asc' ? asc(column) : desc(column), asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(users).where(where),
  ]);
  const items = rows.map((r) => ({
    _id: r.id,
    registrationInfo: { ...presentParty(ctx.config.publicOrigin, r), role: r.role },
    createdAt: r.createdAt.toISOString(),
  }));
  return { items, total: counted?.total ?? 0 };
}

export async function referralEarningStats(ctx: AppContext, userId: string, range: TimeRange): Promise<ReferralEarningStats> {
  const accountId = await accountIdOf(ctx.db, accountKeys.referral(userId));
  if (!accountId) return { totalNetPrice: 0, count: 0 };
  const credits = creditsOf(ctx.db, accountId, range);
  const [row] = await ctx.db.select({ net: sql<string | number | null>`sum(${credits.net})`, count: count() }).from(credits);
  return { totalNetPrice: fromCents(Number(row?.net ?? 0)), count: row?.count ?? 0 };
}

export const referralEarningSortColumns = { createdAt: 'createdAt', netPrice: 'net' } as const;

/**
 * Each commission paid to me. `referralInfo` is the user I referred whose sale paid it: the
 * creator who sold, when I referred them, else the fan who bought.
 */
export async function searchReferralEarnings(ctx: AppContext, userId: string, query: ListQuery, range: TimeRange): Promise<{ items: ReferralEarningDto[]; total: number }> {
  const accountId = await accountIdOf(ctx.db, accountKeys.referral(userId));
  if (!accountId) return { items: [], total: 0 };
  const page = toPage(query, { sortBy: 'createdAt' });
  const credits = creditsOf(ctx.db, accountId, range);
  const column = credits[sortColumnOf(referralEarningSortColumns, page, 'createdAt')];
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({ id: credits.id, net: credits.net, buyer: credits.buyer, seller: credits.seller, createdAt: credits.createdAt })
      .from(credits)
      .orderBy(page.sort === 'asc' ? asc(column) : desc(column), asc(credits.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(credits),
  ]);
  const parties = await partiesById(ctx.db, rows.flatMap((r) => [r.buyer, r.seller]));
  const referredBy = await referredByOf(ctx.db, [...parties.keys()]);
  const items = rows.map((r) => {
    const referred = [r.seller, r.buyer].find((id) => id && referredBy.get(id) === userId) ?? r.buyer;
    const party = referred ? parties.get(referred) : undefined;
    return {
      _id: r.id,
      netPrice: fromCents(r.net),
      referralInfo: party ? presentParty(ctx.config.publicOrigin, party) : null,
      createdAt: new Date(r.createdAt).toISOString(),
    };
  });
  return { items, total: counted?.total ?? 0 };
}

async function referredByOf(db: DbOrTx, ids: string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, referredBy: users.referredBy }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.referredBy]));
}
