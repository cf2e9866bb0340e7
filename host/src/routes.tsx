import { createBrowserRouter } from 'react-router';
import { CreatorAccountPage, UserAccountPage } from './pages/account-pages.js';
import { CreatorsPage } from './pages/creators-page.js';
import { HomePage } from './pages/home-page.js';
import { LoginPage } from './pages/login-page.js';
import { NotFoundPage, StartPage } from './pages/fallback-pages.js';
import { ProfilePage } from './pages/profile-page.js';
import { toRouteObjects, type PageRoute } from './routing/route-table.js';
import { SiteShell } from './shell/site-shell.js';

/**
 * Every page of the site with its flags (spec section 2). The router ranks static
 * segments above `/:profileId`, so the named routes win over usernames (the server
 * reserves those names).
 */
export const pages: readonly PageRoute[] = [
  // Sign-in: neither authenticate nor noredirect, so a signed-in user is sent home.
  { path: '/auth/login', page: LoginPage, layout: 'blank' },
  // The bare address: visitors to sign-in, signed-in users to their home.
  { path: '/', page: StartPage, layout: 'blank' },
  { path: '/home', page: HomePage, authenticate: true },
  { path: '/user/account', page: UserAccountPage, authenticate: true },
  { path: '/creator/account', page: CreatorAccountPage, authenticate: true, onlyPerformer: true },
  { path: '/creators', page: CreatorsPage, layout: 'public', noredirect: true },
  // Section links on a profile (#about, #plans) are not page views.
  { path: '/:profileId', page: ProfilePage, noredirect: true, ignoreHashChanges: true },
  { path: '*', page: NotFoundPage, noredirect: true },
];

export function createSiteRouter() {
  return createBrowserRouter([{ element: <SiteShell />, children: toRouteObjects(pages) }]);
}
