import type { CurrentUser } from './current-user.js';

/**
 * Where a user goes after signing in (spec section 2): a fan to /home, or to the
 * performer named in the `performer` query parameter; a creator to their own
 * page; either to account completion while email or username is missing.
 */
export function pathAfterLogin(user: CurrentUser, search: string): string {
  const complete = Boolean(user.email && user.username);
  if (user.isPerformer) {
    return complete ? `/${encodeURIComponent(user.username ?? user._id)}` : '/creator/account';
  }
  if (!complete) return '/user/account';
  const performer = new URLSearchParams(search).get('performer')?.trim();
  return performer ? `/${encodeURIComponent(performer)}` : '/home';
}

/** The login address that brings the user back to where they were. */
export function loginPathFrom(currentPath: string): string {
  return `/auth/login?${new URLSearchParams({ redirectFrom: currentPath }).toString()}`;
}
