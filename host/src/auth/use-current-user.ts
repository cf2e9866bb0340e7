import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from './api.js';
import { fetchCurrentUser, type CurrentUser } from './current-user.js';
import { loginPathFrom } from './redirects.js';
import { clearToken } from './token-cookie.js';

export type CurrentUserState =
  | { status: 'loading' }
  | { status: 'ready'; user: CurrentUser }
  | { status: 'failed' };

/**
 * Loads the signed-in user. A 401/403 clears the token and goes to the login page
 * (spec sections 2 and 8); other failures leave the page to say so.
 */
export function useCurrentUser(): CurrentUserState {
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setState] = useState<CurrentUserState>({ status: 'loading' });
  const here = location.pathname + location.search;

  useEffect(() => {
    const controller = new AbortController();
    fetchCurrentUser({ signal: controller.signal }).then(
      (user) => setState({ status: 'ready', user }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.unauthorized) {
          clearToken();
          void navigate(loginPathFrom(here), { replace: true });
          return;
        }
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [navigate, here]);

  return state;
}
