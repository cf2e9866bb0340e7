/**
 * Each API route's contract entry, found by method and path: who may call it (`access` and,
 * for a `'restricted'` route, its `restriction`), its embed scope (`embed`) and, on a money
 * action's route and its quote route, the action. The guard, the owner-origin check and the
 * page scope read a route's metadata from here, so a domain registering a route writes only
 * its schema and handler: a route cannot say one thing to the server and another to the
 * contract (the bridge and the clients read the contract).
 */
import { moneyActions, routes, type MoneyAction, type Restriction, type Role as ContractRole, type RouteAccess, type RouteSpec } from '@fandeck/contract';
import type { FastifyRequest } from 'fastify';
import type { Role } from '../domains/accounts/accounts.tables.js';

/** Where the API is mounted: every route under it is a contract route. */
export const API_PREFIX = '/api';

export interface RouteContract {
  /** The contract's name: `performers.get`, or a money action's name (`charge:tip`, its quote `charge:tip/quote`). */
  name: string;
  access: RouteAccess;
  /** On a `'restricted'` route: the roles or the permission that pass. */
  restriction?: Restriction;
  embed?: RouteSpec['embed'];
  /** On a money action's route and its quote route. */
  money?: MoneyAction;
}

// The contract's roles are the database's, both ways (a role added to one must be added to the other).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const rolesAgree: Same<Role, ContractRole> = true;
void rolesAgree;

const keyOf = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

function buildTable(offContract: readonly RouteSpec[]): ReadonlyMap<string, RouteContract> {
  const table = new Map<string, RouteContract>();
  const add = (name: string, spec: RouteSpec) =>
    table.set(keyOf(spec.method, API_PREFIX + spec.path), {
      name,
      access: spec.access,
      ...(spec.restriction ? { restriction: spec.restriction } : {}),
      ...(spec.embed ? { embed: spec.embed } : {}),
    });
  for (const [name, spec] of Object.entries(routes as Record<string, RouteSpec>)) add(name, spec);
  for (const action of moneyActions) {
    const entry = { access: action.access, money: action, ...(action.embed ? { embed: action.embed } : {}) };
    table.set(keyOf(action.method, API_PREFIX + action.path), { name: action.name, ...entry });
    table.set(keyOf('POST', API_PREFIX + action.quotePath), { name: `${action.name}/quote`, ...entry });
  }
  for (const spec of offContract) {
    if (table.has(keyOf(spec.method, API_PREFIX + spec.path))) throw new Error(`Off-contract route ${spec.method} ${spec.path} is a contract route`);
    add(`off-contract ${spec.method} ${spec.path}`, spec);
  }
  return table;
}

const table = buildTable([]);

export type RouteContractLookup = (method: string, url: string) => RouteContract | undefined;

/**
 * The lookup of the contract's routes plus a bench's or test's own off-contract routes
 * (`DomainPlugin.offContract` of an extra domain; an app domain has none).
 */
export function routeContractLookup(offContract: readonly RouteSpec[]): RouteContractLookup {
  const extended = offContract.length === 0 ? table : buildTable(offContract);
  return (method, url) => extended.get(keyOf(method, url));
}

/** The contract entry of a route by its method and full path (`/api/...` as registered); HEAD reads as GET. */
export const routeContract: RouteContractLookup = routeContractLookup([]);

/** The contract entry of the route a request matched; undefined off the API (site pages, 404s). */
export function routeContractOf(request: FastifyRequest, lookup: RouteContractLookup = routeContract): RouteContract | undefined {
  const url = request.routeOptions.url;
  return url === undefined ? undefined : lookup(request.method, url);
}

/** `METHOD /api/path` of every API route whose entry satisfies `test` (HEAD included as its GET). */
export function contractRoutesWhere(test: (entry: RouteContract) => boolean): Set<string> {
  return new Set([...table].filter(([, entry]) => test(entry)).map(([key]) => key));
}

/** Whether a registered path is under the API mount (and so must be a contract route). */
export const isApiPath = (url: string) => url === API_PREFIX || url.startsWith(`${API_PREFIX}/`);
