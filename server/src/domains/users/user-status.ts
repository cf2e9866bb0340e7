import type { StaffUserDto } from '@fandeck/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { users } from '../accounts/accounts.tables.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import { presentStaffUser } from './user-lookup.js';

export const userStatusBody = z.object({ status: z.enum(['active', 'inactive']) });

/**
 * Suspends (`inactive`: no sign-in, no calls, no socket) or reactivates an account. Nobody
 * suspends themselves or an admin here; the next request of a suspended account is refused.
 */
export async function setUserStatus(ctx: AppContext, actor: AuthUser, id: string, status: 'active' | 'inactive'): Promise<StaffUserDto> {
  if (id === actor.id) throw forbidden('staff.self', 'You cannot change your own account here');
  const [target] = await ctx.db.select().from(users).where(eq(users.id, id));
  if (!target) throw notFound('users.not_found', 'User not found');
  if (target.role === 'admin') throw forbidden('staff.protected_account', 'Administrator accounts are not suspended here');
  const [updated] = await ctx.db.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  return presentStaffUser(ctx, updated ?? target);
}
