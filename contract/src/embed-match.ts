/**
 * The bridge's way to `matchRoute`: the same decision, made on the short table of
 * embed-routes.ts instead of the whole route table, so an embed page does not download
 * every route the platform has. The table is generated from routes.ts (embed-table.ts
 * says which routes it keeps and why); embed-match.test.ts checks that it is current and
 * that both matchers answer alike for every route and for the paths between them.
 */
import { embedRoutes } from './embed-routes.js';

export { bridgePaths } from './embed-routes.js';
import { canonicalPath, matchTemplate, parsePath, type PathParams } from './paths.js';
import type { HttpMethod, RouteSpec } from './routes.js';

/**
 * One row, in the order `matchRoute` tries routes: method, path template, and who may call
 * it from a page (`true`, `'owner'` or `'page'`), or `false` for a route no page may call that would
 * take some path from an embed route tried after it (`GET /performers/me` before `/performers/:id`).
 */
export type EmbedRoute = readonly [method: HttpMethod, path: string, embed: NonNullable<RouteSpec['embed']> | false];

export type EmbedMatch =
  | { ok: true; method: HttpMethod; template: string; embed: NonNullable<RouteSpec['embed']>; params: PathParams; path: string }
  | { ok: false; reason: string };

/** The embed route `method rawPath` reaches, with its decoded parameters and the canonical path to send; or why not. */
export function matchEmbedRoute(method: string, rawPath: string): EmbedMatch {
  const parsed = parsePath(rawPath);
  if (!parsed.ok) return parsed;
  const upper = method.toUpperCase();
  for (const [routeMethod, template, embed] of embedRoutes) {
    if (routeMethod !== upper) continue;
    const params = matchTemplate(template, parsed.segments);
    if (!params) continue;
    if (!embed) break;
    return { ok: true, method: routeMethod, template, embed, params, path: canonicalPath(parsed.segments) };
  }
  return { ok: false, reason: 'route not allowed' };
}
