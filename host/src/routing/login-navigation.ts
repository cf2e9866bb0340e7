/**
 * The two ways to the login page that are not a page's own guard: signing out, and a
 * refusal of the credential from any call (spec sections 2 and 8): a 401, or a 403 with
 * no code or an `auth.*` one. A 403 with a business code (`content.locked`...) is the
 * answer of one action, shown where it was made (widgets `isCredentialRefusal`).
 */

import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { createBrowserRouter } from 'react-router';
import { session } from '../session/session.js';
import { loginPath, loginPathFrom } from './redirects.js';

type Router = ReturnType<typeof createBrowserRouter>;

let signingOut = false;

/**
 * Signs out and goes to the login page (spec section 2: logout goes to /auth/login).
 * While it runs, the page gate of an authenticated page that loses its token sends
 * to plain /auth/login too, instead of keeping the page in `redirectFrom` as it does
 * when a token goes missing on its own.
 */
export async function signOut(navigate: (to: string, options: { replace: boolean }) => unknown): Promise<void> {
  signingOut = true;
  try {
    await session.auth.logout();
    await navigate(loginPath, { replace: true });
  } finally {
    signingOut = false;
  }
}

/** True between the start of a sign-out and its arrival at the login page. */
export function isSigningOut(): boolean {
  return signingOut;
}

const notice = signal(false);

/**
 * True from a 401/403 until the user leaves the login page: the login page then
 * says 'Unauthorized or forbidden action!' (spec section 8). A signal rather than
 * navigation state, because the page gate may redirect to the same address first.
 */
export const unauthorizedNotice: ReadonlySignal<boolean> = notice;

/**
 * A refusal of the credential on any call (spec sections 2 and 8) goes to the login page
 * through the router, keeping the current path in `redirectFrom` (the token is gone by then).
 */
export function installUnauthorizedRedirect(router: Router): void {
  router.subscribe((state) => {
    if (state.location.pathname !== loginPath) notice.value = false;
  });
  // The API client has already dropped the credential and reset auth and user.
  session.setOnUnauthorized((redirectFrom) => {
    notice.value = true;
    if (router.state.location.pathname === loginPath) return;
    void router.navigate(loginPathFrom(redirectFrom), { replace: true });
  });
}
