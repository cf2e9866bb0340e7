import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { NotFoundPage } from './pages/fallback-pages.js';
import { lazyPage, toRouteObjects, type PageRoute } from './routing/route-table.js';
import { SiteShell } from './shell/site-shell.js';
import { adminScreens } from './pages/admin/admin-screens.js';

// Each page is its own chunk, fetched when its route first renders; the bare address and
// the not-found page are a few lines and stay in the shell.
const LandingPage = lazyPage(() => import('./pages/landing/landing-page.js'), 'LandingPage');
const LoginPage = lazyPage(() => import('./pages/login-page.js'), 'LoginPage');
const FanRegisterPage = lazyPage(() => import('./pages/registration/fan-register-page.js'), 'FanRegisterPage');
const CreatorRegisterPage = lazyPage(() => import('./pages/registration/creator-register-page.js'), 'CreatorRegisterPage');
const VerifyEmailPage = lazyPage(() => import('./pages/email-links/verify-email-page.js'), 'VerifyEmailPage');
const ResetPasswordPage = lazyPage(() => import('./pages/email-links/reset-password-page.js'), 'ResetPasswordPage');
const HomePage = lazyPage(() => import('./pages/home-page.js'), 'HomePage');
const UserAccountPage = lazyPage(() => import('./pages/account-pages.js'), 'UserAccountPage');
const CreatorAccountPage = lazyPage(() => import('./pages/creator-settings/settings-page.js'), 'CreatorAccountPage');
const CreatorsPage = lazyPage(() => import('./pages/creators-page.js'), 'CreatorsPage');
const DiscoverPage = lazyPage(() => import('./pages/discover-page.js'), 'DiscoverPage');
const ProfilePage = lazyPage(() => import('./pages/profile-page.js'), 'ProfilePage');
const StudioPage = lazyPage(() => import('./pages/studio-page.js'), 'StudioPage');
const BookmarksPage = lazyPage(() => import('./pages/bookmarks-page.js'), 'BookmarksPage');
const UserSubscriptionsPage = lazyPage(() => import('./pages/subscriptions/my-subscriptions-page.js'), 'UserSubscriptionsPage');
const CreatorSubscribersPage = lazyPage(() => import('./pages/subscriptions/subscribers-page.js'), 'CreatorSubscribersPage');
const CreatorEarningsPage = lazyPage(() => import('./pages/earnings/earnings-page.js'), 'CreatorEarningsPage');
const CreatorPayoutsPage = lazyPage(() => import('./pages/payouts/payouts-page.js'), 'CreatorPayoutsPage');
const CreatorDashboardPage = lazyPage(() => import('./pages/creator-dashboard-page.js'), 'CreatorDashboardPage');
const StaffCreatorDashboardPage = lazyPage(() => import('./pages/creator-dashboard-page.js'), 'StaffCreatorDashboardPage');
// The back office's nav around its pages: its own chunk, like theirs.
const AdminFrame = lazy(async () => ({ default: (await import('./pages/admin/admin-frame.js')).AdminFrame }));
const AdminHomePage = lazyPage(() => import('./pages/admin/admin-home-page.js'), 'AdminHomePage');
const NotificationsPage = lazyPage(() => import('./pages/notifications/notifications-page.js'), 'NotificationsPage');
const MassMessagesPage = lazyPage(() => import('./pages/creator-messages/mass-messages-page.js'), 'MassMessagesPage');
const TemplatesPage = lazyPage(() => import('./pages/creator-messages/templates-page.js'), 'TemplatesPage');
const AutoMessagesPage = lazyPage(() => import('./pages/creator-messages/auto-messages-page.js'), 'AutoMessagesPage');
const MessagesPage = lazyPage(() => import('./pages/messages-page.js'), 'MessagesPage');
const ListsPage = lazyPage(() => import('./pages/creator-messages/lists-page.js'), 'ListsPage');
const GoLivePage = lazyPage(() => import('./pages/creator-live/go-live-page.js'), 'GoLivePage');
const LivePage = lazyPage(() => import('./pages/live-page.js'), 'LivePage');
const LiveNowPage = lazyPage(() => import('./pages/live-now-page.js'), 'LiveNowPage');
const CallPage = lazyPage(() => import('./pages/calls/call-page.js'), 'CallPage');
const WalletPage = lazyPage(() => import('./pages/wallet/wallet-page.js'), 'WalletPage');
const PrivateCallsPage = lazyPage(() => import('./pages/private-calls/private-calls-page.js'), 'PrivateCallsPage');

/**
 * Every page of the site with its flags (spec section 2). The router ranks static
 * segments above `/:profileId`, so the named routes win over usernames (the server
 * reserves those names).
 */
export const pages: readonly PageRoute[] = [
  // Sign-in: neither authenticate nor noredirect, so a signed-in user is sent home.
  { path: '/auth/login', page: LoginPage, layout: 'blank' },
  // Registration, like sign-in: a signed-in user is sent home.
  { path: '/auth/register', page: FanRegisterPage, layout: 'blank' },
  { path: '/auth/register/creator', page: CreatorRegisterPage, layout: 'blank' },
  // Mailed links (their token is taken off the address at boot: routing/link-token.ts). They
  // work whoever is signed in, so nobody is sent away before the link did its work.
  { path: '/auth/verify-email', page: VerifyEmailPage, layout: 'blank', noredirect: true },
  { path: '/auth/reset-password', page: ResetPasswordPage, layout: 'blank', noredirect: true },
  // The bare address: the landing for visitors; signed-in users are sent to their home.
  { path: '/', page: LandingPage, layout: 'public' },
  { path: '/home', page: HomePage, authenticate: true },
  { path: '/user/account', page: UserAccountPage, authenticate: true },
  { path: '/user/bookmarks', page: BookmarksPage, authenticate: true },
  { path: '/user/subscriptions', page: UserSubscriptionsPage, authenticate: true },
  { path: '/user/wallet', page: WalletPage, authenticate: true },
  { path: '/creator/account', page: CreatorAccountPage, authenticate: true, onlyPerformer: true },
  // One section of the creator's settings (settings-nav.ts).
  { path: '/creator/account/:section', page: CreatorAccountPage, authenticate: true, onlyPerformer: true },
  { path: '/creator/posts', page: StudioPage, authenticate: true, onlyPerformer: true },
  { path: '/creator/subscribers', page: CreatorSubscribersPage, authenticate: true, onlyPerformer: true },
  { path: '/creator/earnings', page: CreatorEarningsPage, authenticate: true, onlyPerformer: true },
  { path: '/creator/payouts', page: CreatorPayoutsPage, authenticate: true, onlyPerformer: true },
  { path: '/creator/dashboard', page: CreatorDashboardPage, authenticate: true, onlyPerformer: true },
  { path: '/creator/messages/mass', page: MassMessagesPage, authenticate: true, onlyPerformer: true },
  { path: '/creator/messages/templates', page: TemplatesPage, authenticate: true, onlyPerformer: true },
  { path: '/creator/messages/auto', page: AutoMessagesPage, authenticate: true, onlyPerformer: true },
  { path: '/creator/messages/lists', page: ListsPage, authenticate: true, onlyPerformer: true },
  { path: '/creator/live', page: GoLivePage, authenticate: true, onlyPerformer: true },
  { path: '/notifications', page: NotificationsPage, authenticate: true },
  { path: '/messages', page: MessagesPage, authenticate: true },
  // A fan's and a creator's private call requests alike.
  { path: '/private-calls', page: PrivateCallsPage, authenticate: true },
  { path: '/creators', page: CreatorsPage, layout: 'public', noredirect: true },
  { path: '/discover', page: DiscoverPage, layout: 'public', noredirect: true },
  { path: '/live', page: LiveNowPage, layout: 'public', noredirect: true },
  { path: '/live/:creator', page: LivePage, layout: 'public', noredirect: true },
  { path: '/calls/:requestId', page: CallPage, authenticate: true },
  // The back office: its home for any staff member, each screen for those holding its permission (and admins).
  { path: '/admin', page: AdminHomePage, authenticate: true, staff: 'any', frame: AdminFrame },
  ...adminScreens.map(({ path, page, permission }): PageRoute => ({ path, page, authenticate: true, staff: permission, frame: AdminFrame })),
  // A creator's dashboard, read-only (the server lets managers with `earning.all` and admins read it).
  { path: '/admin/creators/:id/dashboard', page: StaffCreatorDashboardPage, authenticate: true, onlyStaff: true },
  // Section links on a profile (#about, #plans) are not page views.
  { path: '/:profileId', page: ProfilePage, noredirect: true, ignoreHashChanges: true },
  { path: '*', page: NotFoundPage, noredirect: true },
];

export function createSiteRouter() {
  return createBrowserRouter([{ element: <SiteShell />, children: toRouteObjects(pages) }]);
}
