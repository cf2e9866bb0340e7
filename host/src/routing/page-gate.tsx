import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageStatus } from '../components/page-status.js';
import { session, useSignalValue } from '../session/session.js';
import { PageLoading } from '../components/page-status.js';
import type { PageFlags } from './route-table.js';
import { loginPath, loginPathFrom, pathAfterLogin } from './redirects.js';
import { isSigningOut } from './login-navigation.js';
import { mayUse } from './staff-access.js';
import { StaffRefused } from './staff-refused.js';
import { isStaffRole } from '@fandeck/contract';

export interface PageGateProps {
  flags: PageFlags;
  children: ReactNode;
}

/**
 * Applies a page's flags (spec section 2):
 * - `authenticate`: no token → login with `redirectFrom`, token removed; with a
 *   token, it is checked on every entry (a 401/403 sends to login through the API
 *   client's hook); `onlyPerformer` sends non-creators to /home.
 * - neither `authenticate` nor `noredirect` (the sign-in page): a signed-in user
 *   goes where signing in would have taken them.
 * - `staff`: the back office; a staff member without the page's permission sees why,
 *   and the server refuses the same calls (403).
 */
export function PageGate({ flags, children }: PageGateProps) {
  const location = useLocation();
  const loggedIn = useSignalValue(session.auth.loggedIn);
  const user = useSignalValue(session.user.current);
  const userStatus = useSignalValue(session.user.status);
  const checkToken = Boolean(flags.authenticate && loggedIn);

  useEffect(() => {
    if (checkToken) void session.user.refresh();
  }, [checkToken, location.pathname]);

  if (flags.authenticate) {
    if (!loggedIn) return <LoginRedirect from={location.pathname + location.search} />;
    if (!user) return <UserPending failed={userStatus === 'failed'} />;
    if (flags.onlyPerformer && !user.isPerformer) return <Navigate to="/home" replace />;
    if (flags.onlyAdmin && user.role !== 'admin') return <Navigate to="/home" replace />;
    if (flags.onlyStaff && user.role !== 'admin' && user.role !== 'manager') return <Navigate to="/home" replace />;
    if (flags.staff && !isStaffRole(user.role)) return <Navigate to="/home" replace />;
    if (flags.staff && !mayUse(user, flags.staff)) return <StaffRefused access={flags.staff} />;
    return children;
  }
  if (flags.noredirect || !loggedIn) return children;
  if (!user) return <UserPending failed={userStatus === 'failed'} />;
  return <Navigate to={pathAfterLogin(user, location.search)} replace />;
}

/** The login redirect with no token: the stored token is removed and the path kept. */
function LoginRedirect({ from }: { from: string }) {
  useEffect(() => session.auth.forget(), []);
  return <Navigate to={isSigningOut() ? loginPath : loginPathFrom(from)} replace />;
}

function UserPending({ failed }: { failed: boolean }) {
  if (!failed) return <PageLoading />;
  return <PageStatus kind="error" onRetry={() => void session.user.refresh()} />;
}
