/**
 * The typed API: `api.<domain>.<route>(params, input, options)`, one function per entry
 * of the contract's `routes` (read from `callRoutes`, their methods and paths alone), answering the Outcome of `ApiClient`. The path comes from
 * the route's template and its parameters are filled in (and URI-encoded) here, so no
 * caller writes a path; the input and the answer are typed by the contract's `RouteTypes`.
 *
 * - `params` is there only when the path has parameters (`api.performers.get({ id })`);
 * - `input` is the query of a GET and the body of any other method;
 * - `.list(...)` reads a list route as a page (`{ data, total }`, see `ApiClient.list`);
 * - `.upload(params?, { form, onProgress, signal })` sends a multipart body with progress.
 */
import {
  callRoutes,
  fillTemplate,
  type HttpMethod,
  type ListPage,
  type ListRouteName,
  type RouteInput,
  type RouteItem,
  type RouteName,
  type RouteParams,
  type RouteResponse,
} from '@fandeck/contract';
import { failure, type Outcome } from '../session/outcome.js';
import type { Query } from '../session/transport.js';
import type { ApiCallOptions, ApiClient, ApiUploadOptions } from './api-client.js';
import { failureTextOf, loadFailureTexts } from './error-catalogue.js';

/** The arguments before the options: the path parameters when the path has any, then the input (required when its type is). */
type Lead<N extends RouteName, Input> = [RouteParams<N>] extends [never]
  ? Optional<Input> extends true
    ? [input?: Input]
    : [input: Input]
  : Optional<Input> extends true
    ? [params: RouteParams<N>, input?: Input]
    : [params: RouteParams<N>, input: Input];

/** An input may be left out when it may be undefined or has no required field. */
type Optional<Input> = undefined extends Input ? true : Record<never, never> extends Input ? true : false;

/** The parameters alone (uploads take no input but the form). */
type ParamsOnly<N extends RouteName> = [RouteParams<N>] extends [never] ? [] : [params: RouteParams<N>];

/** One route as a function, with its upload form, and its page reader on list routes. */
export type RouteCall<N extends RouteName> = ((...args: [...Lead<N, RouteInput<N>>, options?: ApiCallOptions]) => Promise<Outcome<RouteResponse<N>>>) & {
  upload(...args: [...ParamsOnly<N>, options: ApiUploadOptions]): Promise<Outcome<RouteResponse<N>>>;
} & (N extends ListRouteName
    ? { list(...args: [...Lead<N, RouteInput<N> | undefined>, options?: ApiCallOptions]): Promise<Outcome<ListPage<RouteItem<N>>>> }
    : unknown);

type Heads<Names extends string> = Names extends `${infer Head}.${string}` ? Head : Names;
type Tails<Names extends string, Head extends string> = Names extends `${Head}.${infer Tail}` ? Tail : never;

/** The route names as a tree: `'admin.categories.create'` is `api.admin.categories.create`. */
type ApiNode<Names extends string, Prefix extends string> = {
  readonly [Head in Heads<Names>]: Head extends Names
    ? `${Prefix}${Head}` extends RouteName
      ? RouteCall<`${Prefix}${Head}`>
      : never
    : ApiNode<Tails<Names, Head>, `${Prefix}${Head}.`>;
};

export type TypedApi = ApiNode<RouteName, ''>;

/** A path parameter that cannot be a path segment (empty, `..`, a slash): refused before anything is sent. */
async function badParams<T>(): Promise<Outcome<T>> {
  await loadFailureTexts();
  return failure({ status: 400, code: 'request.invalid', message: failureTextOf({ code: 'request.invalid', status: 400 }) });
}

/** A route's method and path, from its `callRoutes` entry (`'GET /performers/:id'`). */
interface CallSpec {
  method: HttpMethod;
  path: string;
}

function routeCall(client: ApiClient, spec: CallSpec): unknown {
  const hasParams = spec.path.includes('/:');
  // The path, and the arguments after the parameters.
  const split = (args: unknown[]): [string | null, unknown[]] =>
    hasParams ? [fillTemplate(spec.path, (args[0] ?? {}) as Record<string, unknown>), args.slice(1)] : [spec.path, args];

  const call = (...args: unknown[]) => {
    const [path, [input, options]] = split(args);
    if (path === null) return badParams();
    const call = (options ?? {}) as ApiCallOptions;
    if (spec.method === 'GET') return client.get(path, input as Query | undefined, call);
    return client.request(spec.method, path, input === undefined ? call : { ...call, body: input });
  };
  call.list = (...args: unknown[]) => {
    const [path, [query, options]] = split(args);
    return path === null ? badParams() : client.list(path, query as Query | undefined, options as ApiCallOptions | undefined);
  };
  call.upload = (...args: unknown[]) => {
    const [path, [options]] = split(args);
    return path === null ? badParams() : client.upload(path, options as ApiUploadOptions);
  };
  return call;
}

/**
 * The typed API over a client. Route functions are made on first use and kept, so a
 * call site may hold one (`const send = api.messages.send`).
 */
export function createTypedApi(client: ApiClient): TypedApi {
  const table = callRoutes;
  const made = new Map<string, unknown>();
  const at = (name: string): unknown => {
    let found = made.get(name);
    if (found !== undefined) return found;
    const entry = Object.hasOwn(table, name) ? table[name] : undefined;
    if (entry) {
      const space = entry.indexOf(' ');
      found = routeCall(client, { method: entry.slice(0, space) as HttpMethod, path: entry.slice(space + 1) });
    }
    else if (Object.keys(table).some((route) => route.startsWith(`${name}.`))) found = node(`${name}.`);
    else return undefined;
    made.set(name, found);
    return found;
  };
  const node = (prefix: string): unknown =>
    new Proxy(Object.create(null) as object, { get: (_, key) => (typeof key === 'string' ? at(`${prefix}${key}`) : undefined) });
  return node('') as TypedApi;
}
