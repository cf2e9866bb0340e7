/**
 * What each route takes and answers, as types derived from the route table: path
 * parameters from the path template (`/performers/:id` takes `{ id: string }`), and the
 * body, query and answer from `RouteTypes` (route-types.ts). The widgets' typed client
 * (`api.<domain>.<route>(params, input, options)`) and the server's handlers read the
 * same types, so a field renamed on one side fails the typecheck of the other.
 *
 * Types only: nothing here reaches a bundle.
 */
import type { RouteTypes } from './route-types.js';
import type { HttpMethod, RouteName, routes } from './routes.js';

/** Query values; arrays become repeated keys (`ids=a&ids=b`, spec section 7). */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type Query = Record<string, QueryValue>;

/** A list payload: `{ data, total }` inside the envelope (contract section 1). */
export interface ListPage<T> {
  data: T[];
  total: number;
}

/** The parameter names of a path template: `/cities/:a/:b` gives `'a' | 'b'`. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type RoutePath<N extends RouteName> = (typeof routes)[N]['path'];
export type RouteMethod<N extends RouteName> = (typeof routes)[N]['method'];

/** The path parameters of a route, or `never` when its path has none. */
export type RouteParams<N extends RouteName> = [ParamNames<RoutePath<N>>] extends [never]
  ? never
  : { [K in ParamNames<RoutePath<N>>]: string };

/** A route's entry in `RouteTypes`, or nothing when it is not described (yet). */
type Entry<N extends RouteName> = N extends keyof RouteTypes ? RouteTypes[N] : Record<never, never>;

/**
 * What a route answers (the envelope's `data`): a list route's page, else its `response`.
 * A route not described in `RouteTypes` answers `unknown`, which a caller must read as such.
 */
export type RouteResponse<N extends RouteName> = Entry<N> extends { item: infer Item }
  ? ListPage<Item>
  : Entry<N> extends { response: infer Answer }
    ? Answer
    : unknown;

/** One item of a list route (`RouteTypes` entry with `item`). */
export type RouteItem<N extends RouteName> = Entry<N> extends { item: infer Item } ? Item : never;

/** The body a POST, PUT, PATCH or DELETE sends. */
export type RouteBody<N extends RouteName> = Entry<N> extends { body: infer Body } ? Body : undefined | Record<string, unknown>;

/** The query a GET sends. */
export type RouteQuery<N extends RouteName> = Entry<N> extends { query: infer Q } ? Q : Query | undefined;

/** What the client's second argument is: the query of a GET, else the body. */
export type RouteInput<N extends RouteName> = RouteMethod<N> extends 'GET' ? RouteQuery<N> : RouteBody<N>;

/** The names of the routes that answer a list page (`item` in `RouteTypes`). */
export type ListRouteName = { [N in RouteName]: Entry<N> extends { item: unknown } ? N : never }[RouteName];

/** Methods for which the client's second argument is a body. */
export type BodyMethod = Exclude<HttpMethod, 'GET'>;

/**
 * One route's description in `RouteTypes`. `body`: what POST/PUT/PATCH/DELETE send (a body
 * every call needs makes the argument required); `query`: what a GET sends; `response`:
 * what it answers; `item`: a list route's item (it then answers `ListPage<item>`).
 */
export interface RouteTypeEntry {
  body?: unknown;
  query?: unknown;
  response?: unknown;
  item?: unknown;
}
