/**
 * Spec section 6: the roles and the permission catalogue, and who may call a route the
 * contract marks `'restricted'`. The server's guard reads a route's restriction from its
 * contract entry (routes.ts); no domain writes one of its own.
 */
export const ROLES = ['user', 'performer', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const FULL = ['all', 'create', 'update', 'delete', 'view'] as const;

/** Area and its actions; a key is `area.action`, and `area.all` holds every action of the area. */
export const PERMISSION_CATALOGUE = {
  feed: FULL,
  gallery: FULL,
  video: FULL,
  product: FULL,
  stream: FULL,
  payout_request: FULL,
  event: FULL,
  auction: FULL,
  vault: FULL,
  cameo: FULL,
  mass_message: FULL,
  list_categorized: FULL,
  message_template: FULL,
  auto_message: FULL,
  reel: FULL,
  setting: ['all', 'update', 'view'],
  message: ['all', 'create', 'delete', 'view'],
  order: ['all', 'create', 'update', 'view'],
  earning: ['all'],
  banking: ['all'],
  block_country: ['all'],
  block: ['all'],
} as const;

type Catalogue = typeof PERMISSION_CATALOGUE;
export type PermissionArea = keyof Catalogue;
export type PermissionKey = { [A in PermissionArea]: `${A}.${Catalogue[A][number]}` }[PermissionArea];

/**
 * Who passes a `'restricted'` route: a caller whose role is one of `roles`, or one holding
 * `permission` (admins hold every permission). Anyone else signed in gets 403.
 */
export type Restriction = { readonly roles: readonly Role[] } | { readonly permission: PermissionKey };

/** Restricted to these roles. */
export const onlyRoles = /* @__NO_SIDE_EFFECTS__ */ <const R extends readonly Role[]>(...roles: R) => ({ roles }) as const;
/** Restricted to callers holding this permission (admins hold all). */
export const withPermission = /* @__NO_SIDE_EFFECTS__ */ <const K extends PermissionKey>(permission: K) => ({ permission }) as const;

/** A creator's own things. */
export const CREATOR = onlyRoles('performer');
/** Platform administration. */
export const ADMIN = onlyRoles('admin');
/** A creator's figures and outreach, which managers and admins reach for the creators they work for. */
export const CREATOR_OR_STAFF = onlyRoles('performer', 'manager', 'admin');
/** A creator's profile, which an admin may also edit. */
export const CREATOR_OR_ADMIN = onlyRoles('performer', 'admin');

/** The roles that make up staff: they reach the back office (`/admin`). */
export const STAFF_ROLES = ['manager', 'admin'] as const satisfies readonly Role[];

/** Whether a role is staff (a manager or an admin). */
export const isStaffRole = (role: Role | undefined): boolean => role === 'manager' || role === 'admin';

/**
 * Whether someone holds a permission: admins hold every one; staff hold `area.action` or
 * `area.all`. The server's guard and the site's back office answer the same way.
 */
export function holdsPermission(role: Role | undefined, held: Iterable<string>, key: PermissionKey): boolean {
  if (role === 'admin') return true;
  const all = `${key.slice(0, key.indexOf('.'))}.all`;
  for (const granted of held) if (granted === key || granted === all) return true;
  return false;
}

/** Every permission key of the catalogue, in its order. */
export const PERMISSION_KEYS: readonly PermissionKey[] = Object.entries(PERMISSION_CATALOGUE).flatMap(([area, actions]) =>
  (actions as readonly string[]).map((action) => `${area}.${action}` as PermissionKey),
);
