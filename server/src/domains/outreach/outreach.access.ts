/**
 * Who may reach which rows. A creator (role performer) works on their own rows only; staff
 * (managers, admins) holding the area's permission of spec section 6 (`mass_message.*`,
 * `message_template.*`, `auto_message.*`, `list_categorized.*`, or `<area>.all`) work on any
 * creator's, naming the creator with `?performerId=` where a row is made or a list read.
 * Someone else's row answers 404, as a missing one does.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../accounts/accounts.tables.js';
import { forbidden, notFound } from '../../http/errors.js';
import { creatorInScope, currentUser, hasPermission } from '../../http/guard.js';
import type { PermissionKey } from '../auth/index.js';

export type OutreachArea = 'mass_message' | 'message_template' | 'auto_message' | 'list_categorized';
export type OutreachAction = 'view' | 'create' | 'update' | 'delete';

const permissionOf = (area: OutreachArea, action: OutreachAction) => `${area}.${action}` as PermissionKey;

/**
 * Whose rows a request on one row may touch: the creator's own id, or null for staff holding
 * the permission (any creator's). Staff without it are refused (403).
 */
export function rowScope(request: FastifyRequest, area: OutreachArea, action: OutreachAction): string | null {
  const user = currentUser(request);
  if (user.role === 'performer') return user.id;
  if (!hasPermission(user, permissionOf(area, action))) throw forbidden('auth.permission_denied', 'You do not have permission for this');
  return null;
}

/** The creator a new row or a list read is for (staff name one with `performerId`, which must be a creator). */
export async function creatorFor(db: DbOrTx, request: FastifyRequest, area: OutreachArea, action: OutreachAction, performerId: string | undefined): Promise<string> {
  const creatorId = creatorInScope(request, performerId, permissionOf(area, action));
  if (creatorId !== currentUser(request).id) {
    const [creator] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, creatorId), eq(users.role, 'performer')));
    if (!creator) throw notFound('performers.not_found', 'No such creator');
  }
  return creatorId;
}

/** A row's owner against the scope: another creator's row is as missing as no row. */
export function inScope(performerId: string, scope: string | null): boolean {
  return scope === null || scope === performerId;
}
