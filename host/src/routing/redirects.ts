import type { CurrentUser } from '../session/session.js';

export const loginPath = '/auth/login';
/** Where a visitor registers as a fan, and as a creator. */
export const fanRegisterPath = '/auth/register';
export const creatorRegisterPath = '/auth/register/creator';

/** Both email and username are needed before the account is complete (spec section 2). */
export function isAccountComplete(user: CurrentUser): boolean {
  return Boolean(user.email?.trim() && user.username?.trim());
}

/** A creator's public page: /{username}, else /{id}. */
export function profilePath(user: Pick<CurrentUser, '_id' | 'username'>): string {
  return `/${encodeURIComponent(user.username?.trim() || user._id)}`;
}

/**
 * Where a signed-in user belongs: a fan at /home, a creator at their own page,
 * either at account completion while email or username is missing.
 */
export function homePathFor(user: CurrentUser): string {
  if (!isAccountComplete(user)) return user.isPerformer ? '/creator/account' : '/user/account';
  return user.isPerformer ? profilePath(user) : '/home';
}

/**
 * Where a user goes after signing in (spec section 2). Account completion comes
 * first; then a fan with a `performer` query parameter goes to that creator; then
 * `redirectFrom` (set when a page sent the user to sign in) brings them back;
 * otherwise their home.
 */
export function pathAfterLogin(user: CurrentUser, search: string): string {
  if (!isAccountComplete(user)) return homePathFor(user);
  const params = new URLSearchParams(search);
  const performer = params.get('performer')?.trim();
  if (performer && !user.isPerformer) return `/${encodeURIComponent(performer)}`;
  return safeRedirectFrom(params.get('redirectFrom')) ?? homePathFor(user);
}

/** The login address that brings the user back to `currentPath` afterwards. */
export function loginPathFrom(currentPath: string): string {
  const from = safeRedirectFrom(currentPath);
  return from ? `${loginPath}?${new URLSearchParams({ redirectFrom: from }).toString()}` : loginPath;
}

/**
 * Only a path on this site, and never the login page itself, is a place to return
 * to: `//evil.example` or `https://…` in the query must not become an open redirect.
 */
export function safeRedirectFrom(candidate: string | null | undefined): string | undefined {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) return undefined;
  let url: URL;
  try {
    url = new URL(candidate, 'http://site.invalid');
  } catch {
    return undefined;
  }
  if (url.origin !== 'http://site.invalid' || url.pathname === loginPath) return undefined;
  return url.pathname + url.search + url.hash;
}
