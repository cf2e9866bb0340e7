/**
 * The embed build's call table: only the routes the widgets name (issue 23).
 *
 * The typed client (src/api/typed-api.ts) finds a route's method and path by name in the
 * contract's `callRoutes`; all of them (about 290, 3 KB gzip) would ride in runtime.js, which
 * every embedding page downloads, although the widgets call fewer than 80. A call is always
 * written `api.<domain>.<route>` (a session's `api`, or a `TypedApi` parameter named `api`:
 * `src/api/called-routes.test.ts` holds the sources to that), so the names can be read from the
 * sources. Where a call picks its route at run time (`api.messages[kind]`) or a part of the
 * tree is handed on (`api.messages`), every route under that part is kept. The host and the
 * bridge pages build with the whole table; the types are the contract's either way.
 */

const CHAIN = /\bapi((?:\s*\.\s*[A-Za-z_$][\w$]*)*)(\s*\[)?/g;

/** The route names `sources` reach through `api.…`, out of `names` (the contract's routes). */
export function routesCalledIn(sources: Iterable<string>, names: readonly string[]): Set<string> {
  const routes = new Set(names);
  const used = new Set<string>();
  const under = (prefix: string) => names.filter((name) => name.startsWith(`${prefix}.`));
  for (const source of sources) {
    for (const match of source.matchAll(CHAIN)) {
      const segments = match[1]!.split('.').map((part) => part.trim()).filter(Boolean);
      // `api[name]`: any route at all.
      if (segments.length === 0 && match[2]) for (const name of names) used.add(name);
      // The longest part of the chain that is a route, or else a node of the tree (then all under it).
      for (let length = segments.length; length > 0; length--) {
        const name = segments.slice(0, length).join('.');
        if (routes.has(name)) {
          used.add(name);
          break;
        }
        const subtree = under(name);
        if (subtree.length) {
          for (const route of subtree) used.add(route);
          break;
        }
      }
    }
  }
  return used;
}
