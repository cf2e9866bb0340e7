/**
 * Routes the contract marks `embed: 'owner'` (a creator's earnings and payouts) may be
 * called from a third-party page only when it is one of the signed-in creator's own sites.
 * The bridge tells the server which page asked (`PAGE_ORIGIN_HEADER`, the origin the
 * browser reported to it); a request that carries the header from any other origin is
 * refused. The platform's own pages call the API directly, without the header, and pass.
 *
 * One hook for every such route, driven by the contract's table: a route becomes
 * owner-only by its contract entry, never by code of its own.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGE_ORIGIN_HEADER } from '@fandeck/contract';
import type { AppContext } from '../context.js';
import { creatorOrigins, isNormalisedOrigin } from '../domains/embeds/index.js';
import { forbidden } from './errors.js';
import type { AuthUser } from './guard.js';
import { contractRoutesWhere, routeContractOf } from './route-contract.js';

/** Whether the signed-in caller owns this (normalised) page origin. */
export type OwnsOrigin = (request: FastifyRequest, origin: string) => Promise<boolean>;

export const ORIGIN_NOT_OWNED = 'This page is not on one of your own sites';

/** `METHOD /api/path` of every owner-only route in the contract. */
export const ownerOnlyRoutes = (): Set<string> => contractRoutesWhere((entry) => entry.embed === 'owner');

/**
 * Registers the check after the guard (it reads the signed-in user the guard found). A HEAD
 * request is checked as the GET it mirrors.
 */
export function registerOwnerEmbedCheck(app: FastifyInstance, ownsOrigin: OwnsOrigin): void {
  app.addHook('onRequest', async (request) => {
    const header = request.headers[PAGE_ORIGIN_HEADER];
    if (header === undefined || routeContractOf(request)?.embed !== 'owner') return;
    const origin = typeof header === 'string' ? header : undefined;
    if (!origin || !(await ownsOrigin(request, origin))) throw forbidden('embeds.origin_not_owned', ORIGIN_NOT_OWNED);
  });
}

/**
 * A creator owns the origins on their embed list (only while staff approve them: an
 * unapproved creator embeds nowhere) and the platform's own. Nobody else owns any: staff
 * read a creator's figures on the platform, not through a bridge.
 */
export async function ownsEmbedOrigin(ctx: AppContext, user: AuthUser | null | undefined, origin: string): Promise<boolean> {
  if (!user || user.role !== 'performer' || !isNormalisedOrigin(origin)) return false;
  if (origin === ctx.config.publicOrigin) return true;
  return (await creatorOrigins(ctx, user.id))?.includes(origin) ?? false;
}
