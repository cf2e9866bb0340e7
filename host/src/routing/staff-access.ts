import { holdsPermission, isStaffRole, type PermissionKey } from '@fandeck/contract';
import type { CurrentUser } from '../session/session.js';

/** Who may open a back-office page: holders of a permission (and admins), admins only, or any staff member. */
export type StaffAccess = PermissionKey | 'admin' | 'any';

/** Whether this user may open a page needing `access`; the server refuses the same calls by the contract's entries. */
export function mayUse(user: CurrentUser | null | undefined, access: StaffAccess): boolean {
  if (!user || !isStaffRole(user.role)) return false;
  if (access === 'any') return true;
  if (access === 'admin') return user.role === 'admin';
  return holdsPermission(user.role, user.permissions ?? [], access);
}
