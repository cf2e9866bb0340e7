/**
 * Finding the declared route a concrete call is for, on the decoded path the router
 * will route (see paths.ts). The bridge uses it to decide what a page may call.
 */
import { moneyActions, type MoneyAction } from './money.js';
import { canonicalPath, matchTemplate, parsePath, type PathParams } from './paths.js';
import { routes, type HttpMethod, type RouteName, type RouteSpec } from './routes.js';

export type RouteMatch =
  | { ok: true; name: RouteName; spec: RouteSpec; params: PathParams; path: string }
  | { ok: false; reason: string };

/** Literal routes win over parameter routes, as in the router (`/performers/search` before `/performers/:id`). */
function specificity(template: string): number {
  return template.split('/').filter((part) => part && !part.startsWith(':')).length;
}
// Built on first use, not at import: a bundle that only fills templates (the widgets'
// runtime) then leaves the route table out.
let ordered: readonly [RouteName, RouteSpec][] | undefined;
/** Every route in the order `matchRoute` tries them: more literal segments first, then as declared (the sort is stable). */
export const routesInMatchOrder = (): readonly [RouteName, RouteSpec][] =>
  (ordered ??= (Object.entries(routes) as [RouteName, RouteSpec][]).sort(([, a], [, b]) => specificity(b.path) - specificity(a.path)));

/** The route `method rawPath` reaches, with its decoded parameters and the canonical path to send. */
export function matchRoute(method: string, rawPath: string, allow: (spec: RouteSpec) => boolean = () => true): RouteMatch {
  const parsed = parsePath(rawPath);
  if (!parsed.ok) return parsed;
  const upper = method.toUpperCase() as HttpMethod;
  for (const [name, spec] of routesInMatchOrder()) {
    if (spec.method !== upper) continue;
    const params = matchTemplate(spec.path, parsed.segments);
    if (!params) continue;
    if (!allow(spec)) return { ok: false, reason: 'route not allowed' };
    return { ok: true, name, spec, params, path: canonicalPath(parsed.segments) };
  }
  return { ok: false, reason: 'no such route' };
}

/** The money action a concrete call is, if any (so a plain request can be refused). */
export function matchMoneyAction(method: string, rawPath: string): MoneyAction | null {
  const parsed = parsePath(rawPath);
  if (!parsed.ok) return null;
  return moneyActions.find((action) => action.method === method.toUpperCase() && matchTemplate(action.path, parsed.segments)) ?? null;
}
