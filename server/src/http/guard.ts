import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Role } from '../domains/accounts/accounts.tables.js';
import { isInactive } from '../domains/accounts/index.js';
import type { PermissionKey } from '../domains/auth/index.js';
import { badRequest, forbidden, unauthorized } from './errors.js';
import { holdsPermission, type RouteSpec } from '@fandeck/contract';
import { isApiPath, routeContractLookup, routeContractOf } from './route-contract.js';

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
    /** Never written by a route: an API route's access is its contract entry's (a registration that says otherwise does not compile). */
    access?: never;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

export type Authenticate = (request: FastifyRequest) => Promise<RequestAuth | null>;

/**
 * Lets in only the callers a route's contract entry admits: anyone (`public`), anyone with the
 * user known when signed in (`optional`), anyone signed in (`authenticated`, 401 otherwise), or
 * the roles or permission of its `restriction` (`restricted`, 403 for anyone else). The app
 * refuses to start with an API route the contract does not declare. Off the API there are
 * only the site's public files and pages (the built site, the loader, the widget bundles,
 * the bridge page, public uploads), which nobody needs to sign in for.
 */
export function registerGuard(app: FastifyInstance, authenticate: Authenticate, offContract: readonly RouteSpec[] = []): void {
  const routeContract = routeContractLookup(offContract);
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApiPath(route.url)) return;
    for (const method of [route.method].flat()) {
      if (!routeContract(method, route.url)) throw new Error(`Route ${method} ${route.url} is not in the contract (contract/src/routes.ts or money.ts)`);
    }
  });
  app.addHook('onRequest', async (request) => {
    const entry = routeContractOf(request, routeContract);
    if (!entry || entry.access === 'public') return;
    request.auth = await authenticate(request);
    if (entry.access === 'optional') return;
    const user = request.auth?.user;
    if (!user) throw unauthorized('auth.sign_in_required', 'Please sign in to continue');
    if (isInactive(user)) throw forbidden('auth.account_inactive', 'This account is inactive');
    const restriction = entry.restriction;
    if (!restriction) return;
    if ('roles' in restriction) {
      if (!restriction.roles.includes(user.role)) throw forbidden('auth.role_forbidden', 'Your account may not do this');
      return;
    }
    if (!hasPermission(user, restriction.permission)) throw forbidden('auth.permission_denied', 'You do not have permission for this');
  });
}

/** Admins hold every permission; staff hold `area.action` or `area.all`. */
export function hasPermission(user: AuthUser, key: PermissionKey): boolean {
  return holdsPermission(user.role, user.permissions, key);
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
