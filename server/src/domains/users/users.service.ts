import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../accounts/accounts.tables.js';
import { checkPhone, displayName, rethrowUserConflict, usernameChange, type AccountsExtension } from '../accounts/index.js';
import type { ProfileUpdate } from './users.schemas.js';

/** `accounts` is the accounts extension point (`deps.get('accounts')`), which finds the account. */
export async function updateProfile(ctx: AppContext, accounts: AccountsExtension, userId: string, input: ProfileUpdate) {
  const current = await accounts.findById(userId);
  const username = usernameChange(current.username, input.username);
  const next = {
    ...(username !== undefined ? { username } : {}),
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
          username: username ?? current.username ?? undefined,
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
