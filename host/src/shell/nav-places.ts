import { isStaffRole } from '@fandeck/contract';
import type { CurrentUser } from '../session/session.js';

/** The icons the tab bar and the menus draw (shell/nav-icon.tsx). */
export type NavIconName = 'home' | 'discover' | 'messages' | 'notifications' | 'account' | 'dashboard' | 'studio' | 'earnings' | 'creators' | 'live';

/** A place of the site a role goes to often. `label` is a key of the `site` namespace. */
export interface NavPlace {
  path: string;
  label: NavLabel;
  icon?: NavIconName;
  /** A shorter label where a tab is narrow. */
  tabLabel?: NavLabel;
}

export type NavLabel =
  | 'home'
  | 'discover'
  | 'messages'
  | 'notifications'
  | 'dashboard'
  | 'myPosts'
  | 'posts'
  | 'earnings'
  | 'mySubscriptions'
  | 'bookmarks'
  | 'privateCalls'
  | 'subscribers'
  | 'payouts'
  | 'messagingTools'
  | 'goLive'
  | 'liveNow'
  | 'live'
  | 'creators'
  | 'creatorReview'
  | 'payoutReview'
  | 'backOffice';

/** A titled group of places in the side navigation. */
export interface NavGroup {
  title: 'groupMain' | 'groupCreator' | 'groupFan' | 'groupStaff' | 'groupExplore';
  places: readonly NavPlace[];
}

const fanMain: readonly NavPlace[] = [
  { path: '/home', label: 'home', icon: 'home' },
  { path: '/discover', label: 'discover', icon: 'discover' },
  { path: '/messages', label: 'messages', icon: 'messages' },
  { path: '/notifications', label: 'notifications', icon: 'notifications' },
];

const creatorMain: readonly NavPlace[] = [
  { path: '/creator/dashboard', label: 'dashboard', icon: 'dashboard' },
  { path: '/creator/posts', label: 'myPosts', icon: 'studio', tabLabel: 'posts' },
  { path: '/messages', label: 'messages', icon: 'messages' },
  { path: '/creator/earnings', label: 'earnings', icon: 'earnings' },
];

/** The tab bar's places for a role (the fifth tab, the account, opens the account menu). */
export function mainPlaces(user: CurrentUser): readonly NavPlace[] {
  return user.isPerformer ? creatorMain : fanMain;
}

/** Every place a signed-in user reaches from the navigation, grouped by what it is for. */
export function placeGroups(user: CurrentUser): NavGroup[] {
  const groups: NavGroup[] = [{ title: 'groupMain', places: mainPlaces(user) }];
  if (user.isPerformer) {
    groups.push({
      title: 'groupCreator',
      places: [
        { path: '/creator/subscribers', label: 'subscribers' },
        { path: '/creator/payouts', label: 'payouts' },
        { path: '/creator/messages/mass', label: 'messagingTools' },
        { path: '/creator/live', label: 'goLive' },
      ],
    });
  } else {
    groups.push({
      title: 'groupFan',
      places: [
        { path: '/user/subscriptions', label: 'mySubscriptions' },
        { path: '/user/bookmarks', label: 'bookmarks' },
      ],
    });
  }
  const explore: NavPlace[] = [{ path: '/live', label: 'liveNow', icon: 'live', tabLabel: 'live' }, { path: '/private-calls', label: 'privateCalls' }, { path: '/creators', label: 'creators' }];
  if (user.isPerformer) explore.push({ path: '/discover', label: 'discover' }, { path: '/user/bookmarks', label: 'bookmarks' });
  groups.push({ title: 'groupExplore', places: explore });
  // Staff reach every screen they may use from the back office's own nav.
  if (isStaffRole(user.role)) groups.push({ title: 'groupStaff', places: [{ path: '/admin', label: 'backOffice' }] });
  return groups;
}

/** The account's own page for the role. */
export function accountPath(user: CurrentUser): string {
  return user.isPerformer ? '/creator/account' : '/user/account';
}

/** The wallet page (built in its own issue). */
export const walletPath = '/user/wallet';
