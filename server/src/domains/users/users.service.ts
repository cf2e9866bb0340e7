import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { accountKeys } from '../../ledger/accounts.js';
import { balanceOf } from '../../ledger/ledger.js';
import { presentUser } from './users.presenter.js';
import { checkPhone, displayName, rethrowUserConflict } from '../auth/auth.service.js';
import type { ProfileUpdate } from './users.schemas.js';

export async function findUserById(ctx: AppContext, id: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw notFound('User not found');
  return user;
}

/** The account as its owner sees it, with the wallet balance from the ledger. */
export async function presentAccount(ctx: AppContext, user: Awaited<ReturnType<typeof findUserById>>) {
  return presentUser(ctx.config.publicOrigin, user, await balanceOf(ctx.db, accountKeys.wallet(user.id)));
}

export async function updateProfile(ctx: AppContext, userId: string, input: ProfileUpdate) {
  const current = await findUserById(ctx, userId);
  const next = {
    ...(input.username !== undefined ? { username: input.username } : {}),
    ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
    ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
    ...(input.gender !== undefined ? { gender: input.gender } : {}),
    ...(input.countryCode !== undefined ? { countryCode: input.countryCode } : {}),
    ...(input.locale !== undefined ? { locale: input.locale } : {}),
    ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
    ...(input.phone !== undefined ? { phone: checkPhone(input.phone, input.countryCode ?? current.countryCode ?? undefined) ?? null } : {}),
  };
  const name =
    input.name ??
    (input.firstName !== undefined || input.lastName !== undefined
      ? displayName({
          firstName: input.firstName ?? current.firstName,
          lastName: input.lastName ?? current.lastName,
          username: input.username ?? current.username ?? undefined,
          email: current.email,
        })
      : undefined);
  const changes = { ...next, ...(name !== undefined ? { name } : {}) };
  // Nothing to change is a no-op; drizzle refuses an empty SET with an error.
  if (Object.keys(changes).length === 0) return current;
  try {
    const [row] = await ctx.db
      .update(users)
      .set(changes)
      .where(eq(users.id, userId))
      .returning();
    return row!;
  } catch (error) {
    return rethrowUserConflict(error);
  }
}
