import type { PermissionKey, StaffMemberDto } from '@fandeck/contract';
import { PERMISSION_KEYS } from '@fandeck/contract';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { users } from '../accounts/accounts.tables.js';
import { emailSchema, hashPassword, insertUser, newUsernameSchema, passwordSchema, personNameSchema } from '../accounts/index.js';
import { userPermissions } from '../auth/auth.tables.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/guard.js';
import { listQuerySchema, toPage } from '../../http/pagination.js';

const STAFF = ['manager', 'admin'] as const;
type StaffRole = (typeof STAFF)[number];

const permissionKeySchema = z.enum(PERMISSION_KEYS as [PermissionKey, ...PermissionKey[]]);
/** A set of catalogue keys (spec section 6); an unknown key is a 400 naming it. */
const permissionsSchema = z.array(permissionKeySchema).max(PERMISSION_KEYS.length).transform((keys) => [...new Set(keys)]);

export const staffQuerySchema = listQuerySchema;
export const staffCreateSchema = z.object({
  name: personNameSchema.min(1, 'must not be empty'),
  email: emailSchema,
  username: newUsernameSchema,
  password: passwordSchema,
  permissions: permissionsSchema.default([]),
});
export const staffPermissionsSchema = z.object({ permissions: permissionsSchema });

export const staffMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string(),
  role: z.enum(STAFF),
  status: z.string(),
  permissions: z.array(z.string()),
  createdAt: z.string(),
});

type UserRow = typeof users.$inferSelect;

async function grantedTo(ctx: AppContext, ids: readonly string[]): Promise<Map<string, PermissionKey[]>> {
  const held = new Map<string, PermissionKey[]>();
  if (ids.length === 0) return held;
  const rows = await ctx.db.select().from(userPermissions).where(inArray(userPermissions.userId, [...ids]));
  for (const row of rows) held.set(row.userId, [...(held.get(row.userId) ?? []), row.permissionKey as PermissionKey]);
  return held;
}

const order = (keys: readonly PermissionKey[]) => PERMISSION_KEYS.filter((key) => keys.includes(key));

function present(user: UserRow, permissions: readonly PermissionKey[]): StaffMemberDto {
  return {
    _id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    role: user.role as StaffRole,
    status: user.status,
    permissions: order(permissions),
    createdAt: user.createdAt.toISOString(),
  };
}

/** Managers and admins, newest first, each with the permissions granted. */
export async function searchStaff(ctx: AppContext, query: z.output<typeof staffQuerySchema>) {
  const page = toPage(query, { limit: 20 });
  const where = inArray(users.role, [...STAFF]);
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(users).where(where).orderBy(desc(users.createdAt), asc(users.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ total: count() }).from(users).where(where),
  ]);
  const held = await grantedTo(ctx, rows.map((row) => row.id));
  return { items: rows.map((row) => present(row, held.get(row.id) ?? [])), total: total?.total ?? 0 };
}

/** A new manager, active at once (an admin vouches for the address), with the permissions given. */
export async function createManager(ctx: AppContext, input: z.output<typeof staffCreateSchema>): Promise<StaffMemberDto> {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const user = await insertUser(tx, { role: 'manager', email: input.email, username: input.username, name: input.name, passwordHash, status: 'active', verifiedEmail: true });
    if (input.permissions.length) await tx.insert(userPermissions).values(input.permissions.map((permissionKey) => ({ userId: user.id, permissionKey })));
    return present(user, input.permissions);
  });
}

/**
 * Sets what a manager holds from now on: keys not listed are revoked, new ones granted. The
 * manager's next request is checked against the new set. Admins hold everything and are not
 * edited here, nor is one's own account.
 */
export async function setPermissions(ctx: AppContext, actor: AuthUser, id: string, permissions: readonly PermissionKey[]): Promise<StaffMemberDto> {
  if (id === actor.id) throw forbidden('staff.self', 'You cannot change your own permissions');
  const [user] = await ctx.db.select().from(users).where(and(eq(users.id, id), inArray(users.role, [...STAFF])));
  if (!user) throw notFound('staff.not_found', 'No staff account with this id');
  if (user.role === 'admin') throw forbidden('staff.protected_account', 'Administrators hold every permission');
  await ctx.db.transaction(async (tx) => {
    await tx.delete(userPermissions).where(eq(userPermissions.userId, id));
    if (permissions.length) await tx.insert(userPermissions).values(permissions.map((permissionKey) => ({ userId: id, permissionKey })));
  });
  return present(user, permissions);
}
