/**
 * The one-time tokens of mailed links (`/auth/verify-email#token=…`, `/auth/reset-password#token=…`).
 * The server puts them in the fragment, which browsers never send; this keeps them out of
 * everything else too: they are taken off the address bar before the router, the page-view
 * tag or any page reads the address, and they travel only in a request body.
 */

/** The pages whose mailed links carry a token (server: auth.service.ts). */
export const linkTokenPaths = ['/auth/verify-email', '/auth/reset-password'] as const;
export type LinkTokenPath = (typeof linkTokenPaths)[number];

const taken = new Map<LinkTokenPath, string>();

function isLinkTokenPath(path: string): path is LinkTokenPath {
  return (linkTokenPaths as readonly string[]).includes(path);
}

/**
 * On a mailed link's page, keeps its token and rewrites the address without the fragment
 * (history.replaceState, the history entry's state untouched). Run once at boot, before the
 * router is created.
 */
export function captureLinkToken(): void {
  const { pathname, search, hash } = window.location;
  const path = pathname.replace(/\/+$/, '');
  if (!isLinkTokenPath(path) || !hash) return;
  const token = new URLSearchParams(hash.slice(1)).get('token')?.trim();
  if (token) taken.set(path, token);
  window.history.replaceState(window.history.state, '', pathname + search);
}

/** The token the link to `path` brought, if the page was opened from one. */
export function linkTokenOf(path: LinkTokenPath): string | null {
  return taken.get(path) ?? null;
}
