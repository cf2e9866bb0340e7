import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Role } from '../db/schema/index.js';
import { isInactive } from '../domains/accounts/account-status.js';
import type { PermissionKey } from '../domains/auth/permissions.js';
import { badRequest, forbidden, unauthorized } from './errors.js';

/**
 * What a route needs from its caller. Every route declares one (`config.access`);
 * the app refuses to start when a route does not.
 */
export type Access =
  | 'public'
  | 'optional'
  | 'authenticated'
  | { roles: readonly Role[] }
  | { permission: PermissionKey };

export interface AuthUser {
  id: string;
  role: Role;
  status: string;
  permissions: ReadonlySet<string>;
}

export interface RequestAuth {
  user: AuthUser;
  tokenId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

export type Authenticate = (request: FastifyRequest) => Promise<RequestAuth | null>;

export function registerGuard(app: FastifyInstance, authenticate: Authenticate): void {
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.method === 'HEAD' || (Array.isArray(route.method) && route.method.includes('HEAD'))) return;
    if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    }
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    request.auth = await authenticate(request);
    if (access === 'optional') return;
    const user = request.auth?.user;
    if (!user) throw unauthorized('auth.sign_in_required', 'Please sign in to continue');
    if (isInactive(user)) throw forbidden('auth.account_inactive', 'This account is inactive');
    if (access === 'authenticated') return;
    if ('roles' in access) {
      if (!access.roles.includes(user.role)) throw forbidden('auth.role_forbidden', 'Your account may not do this');
      return;
    }
    if (!hasPermission(user, access.permission)) throw forbidden('auth.permission_denied', 'You do not have permission for this');
  });
}

/** Admins hold every permission; staff hold `area.action` or `area.all`. */
export function hasPermission(user: AuthUser, key: PermissionKey): boolean {
  if (user.role === 'admin') return true;
  const area = key.slice(0, key.indexOf('.'));
  return user.permissions.has(key) || user.permissions.has(`${area}.all`);
}

/** The signed-in user of a route whose access is not public; throws if there is none. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized('auth.sign_in_required', 'Please sign in to continue');
  return request.auth.user;
}

/**
 * The creator whose figures a request reads: a creator reads their own; staff holding
 * `permission` (a manager working for creators, an admin) name one with `performerId`.
 * There is no account switch yet (spec section 6 names one), so staff always name the creator.
 */
export function creatorInScope(request: FastifyRequest, performerId: string | undefined, permission: PermissionKey): string {
  const user = currentUser(request);
  if (user.role === 'performer') return user.id;
  if (!hasPermission(user, permission)) throw forbidden('auth.permission_denied', 'You do not have permission for this');
  if (!performerId) throw badRequest('request.invalid', 'querystring.performerId: is required for staff', ['querystring.performerId']);
  return performerId;
}
