/**
 * Routes the contract marks `embed: 'page'` (a fan's private conversations, money history,
 * subscriptions, stream chat writes) and money actions it marks so (`resume`, with its
 * quote) may be called from any page the bridge serves, but such a call sees only what belongs to the creators
 * who own the page: a page of creator X must not read the fan's conversations with creator
 * Y. The bridge tells the server which page asked (`PAGE_ORIGIN_HEADER`, the origin the
 * browser reported to it), as it does for owner routes (owner-embed.ts). This hook turns
 * that origin into the set of creators who own it, once per request, on
 * `request.pageScope`; the domains read it with `pageScopeOf`. The platform's own pages
 * call the API directly, without the header, and get no scope (null): nothing changes
 * for them.
 *
 * Driven by the contract's table: a route becomes page-scoped by its contract entry. The
 * domain serving it still has to apply the scope; the hook only says what it is.
 */
import { inArray, sql, type Column, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGE_ORIGIN_HEADER } from '@fandeck/contract';
import type { AppContext } from '../context.js';
import { creatorsOwningOrigin, isNormalisedOrigin } from '../domains/embeds/index.js';
import { forbidden } from './errors.js';
import { contractRoutesWhere, routeContractOf } from './route-contract.js';

/** The user ids of the creators whose things a page-scoped request may see (may be empty: nothing). */
export type PageScope = ReadonlySet<string>;

declare module 'fastify' {
  interface FastifyRequest {
    /** On an `embed: 'page'` route called through the bridge: the creators who own the page; else null. */
    pageScope: PageScope | null;
  }
}

/** The creators who own a normalised origin. */
export type CreatorsOwning = (origin: string) => Promise<readonly string[]>;

const NOBODY: PageScope = new Set();

/** `METHOD /api/path` of every page-scoped route in the contract: plain routes, and money actions with their quotes. */
export const pageScopedRoutes = (): Set<string> => contractRoutesWhere((entry) => entry.embed === 'page');

/**
 * The scope of a request that carries the page-origin header: the platform's own origin has
 * none (null), any other origin the creators who own it. A header that is not a normalised
 * origin (no browser reports one like it) sees nothing.
 */
export async function scopeOfOrigin(header: string | string[], platformOrigin: string, creatorsOwning: CreatorsOwning): Promise<PageScope | null> {
  if (typeof header !== 'string' || !isNormalisedOrigin(header)) return NOBODY;
  if (header === platformOrigin) return null;
  const owners = await creatorsOwning(header);
  return owners.length > 0 ? new Set(owners) : NOBODY;
}

/** Sets `request.pageScope` on page-scoped routes (by their contract entry). A HEAD request is scoped as the GET it mirrors. */
export function registerPageScope(app: FastifyInstance, ctx: AppContext, creatorsOwning: CreatorsOwning = (origin) => creatorsOwningOrigin(ctx, origin)): void {
  app.decorateRequest('pageScope', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers[PAGE_ORIGIN_HEADER];
    if (header === undefined || routeContractOf(request)?.embed !== 'page') return;
    request.pageScope = await scopeOfOrigin(header, ctx.config.publicOrigin, creatorsOwning);
  });
}

/**
 * The scope of a request on a route the hook does not cover (the media files, the live HLS, which
 * the bridge's `media` command fetches with the page origin): null without the header or from
 * the platform's own origin.
 */
export async function scopeOfRequest(ctx: AppContext, request: FastifyRequest, creatorsOwning: CreatorsOwning = (origin) => creatorsOwningOrigin(ctx, origin)): Promise<PageScope | null> {
  const header = request.headers[PAGE_ORIGIN_HEADER];
  return header === undefined ? null : scopeOfOrigin(header, ctx.config.publicOrigin, creatorsOwning);
}

/** The scope of this request: null on the platform's own site (everything the caller may see). */
export const pageScopeOf = (request: FastifyRequest): PageScope | null => request.pageScope ?? null;

export const NOT_THIS_PAGES_CREATOR = 'This page may only act on your dealings with the creators whose site it is';

/**
 * 403 `embeds.origin_not_owned` unless `creatorId` is one of the scope's creators: a page of
 * creator X must not read or change the fan's dealings with creator Y. Nothing to check
 * without a scope (the platform's own site); `null` (no such creator) is outside any scope.
 */
export function requireCreatorInScope(scope: PageScope | null, creatorId: string | null, message = NOT_THIS_PAGES_CREATOR): void {
  if (!scope) return;
  if (creatorId === null || !scope.has(creatorId)) throw forbidden('embeds.origin_not_owned', message);
}

/** The filter keeping the rows whose creator (`column`) is one of the scope's: none without a scope, no row for an empty one. */
export function creatorInScopeCondition(scope: PageScope | null, column: Column): SQL | undefined {
  if (!scope) return undefined;
  return scope.size === 0 ? sql`false` : inArray(column, [...scope]);
}
