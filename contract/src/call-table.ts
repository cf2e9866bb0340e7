/**
 * How call-routes.ts is made from routes.ts (`npm run generate -w contract`). Not part of
 * any bundle: only the generator and the tests import it.
 *
 * The typed client (widgets/src/api/typed-api.ts) needs only each route's method and path
 * by name; the route table also carries access, roles and embed scopes, which would weigh
 * on every page that loads the session. call-routes.ts is that part, one string a route.
 */
import { routes, type RouteSpec } from './routes.js';

/** A route as call-routes.ts writes it: `'GET /performers/:id'`. */
export const callEntry = (spec: Pick<RouteSpec, 'method' | 'path'>): string => `${spec.method} ${spec.path}`;

/** The entries of call-routes.ts, in routes.ts's order. */
export function callTable(): [string, string][] {
  return Object.entries(routes as Readonly<Record<string, RouteSpec>>).map(([name, spec]) => [name, callEntry(spec)]);
}

/** The text of call-routes.ts; `keep` leaves routes out (the embed build's table, widgets/call-routes-used.ts). */
export function renderCallRoutes(keep: (name: string) => boolean = () => true): string {
  const literal = (value: string) => {
    if (/['\\\n]/.test(value)) throw new Error(`a route the table cannot spell: ${value}`);
    return `'${value}'`;
  };
  const rows = callTable()
    .filter(([name]) => keep(name))
    .map(([name, entry]) => `  ${literal(name)}: ${literal(entry)},`);
  return `/**
 * GENERATED from routes.ts by \`npm run generate -w contract\` (call-table.ts): do not edit.
 * A test fails when it no longer matches routes.ts.
 *
 * Each route's method and path by name (\`'GET /performers/:id'\`): what the typed client
 * carries of the route table.
 */
export const callRoutes: Readonly<Record<string, string>> = {
${rows.join('\n')}
};
`;
}
