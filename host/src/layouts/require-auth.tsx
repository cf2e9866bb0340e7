import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathFrom } from '../auth/redirects.js';
import { clearToken, readToken } from '../auth/token-cookie.js';

/**
 * Guards pages that need a signed-in user: with no token the user goes to the
 * login page with `redirectFrom` set, and any stale token is removed (spec section 2).
 */
export function RequireAuth() {
  const location = useLocation();
  if (!readToken()) {
    clearToken();
    return <Navigate to={loginPathFrom(location.pathname + location.search)} replace />;
  }
  return <Outlet />;
}
