import { lazyPage } from '../../routing/route-table.js';
import type { AdminScreen } from './admin-screen.js';
import { catalogScreens } from './catalog/index.js';

/**
 * Every back-office screen, in the nav's order. The spec's permission catalogue (section 6)
 * has no area for accounts, staff or the audit log: those are the admins'. Moderation is the
 * catalogue's `block` area; payouts are `payout_request`. A screen's path is not an API
 * path (the lint refuses those outside the contract): `/admin/moderation`, not `/admin/reports`.
 */
export const adminScreens: readonly AdminScreen[] = [
  {
    path: '/admin/accounts',
    permission: 'admin',
    labelKey: 'admin.screens.users',
    hintKey: 'admin.screens.usersHint',
    page: lazyPage(() => import('./users-screen.js'), 'UsersScreen'),
  },
  {
    path: '/admin/creators/review',
    permission: 'admin',
    labelKey: 'admin.screens.creatorReview',
    hintKey: 'admin.screens.creatorReviewHint',
    page: lazyPage(() => import('../creator-review-page.js'), 'CreatorReviewPage'),
  },
  {
    path: '/admin/moderation',
    permission: 'block.all',
    labelKey: 'admin.screens.reports',
    hintKey: 'admin.screens.reportsHint',
    page: lazyPage(() => import('./reports-screen.js'), 'ReportsScreen'),
  },
  {
    path: '/admin/payouts',
    permission: 'payout_request.view',
    labelKey: 'admin.screens.payouts',
    hintKey: 'admin.screens.payoutsHint',
    page: lazyPage(() => import('../payouts/payout-review-page.js'), 'PayoutReviewPage'),
  },
  ...catalogScreens,
  {
    path: '/admin/team',
    permission: 'admin',
    labelKey: 'admin.screens.staff',
    hintKey: 'admin.screens.staffHint',
    page: lazyPage(() => import('./staff-screen.js'), 'StaffScreen'),
  },
  {
    path: '/admin/audit',
    permission: 'admin',
    labelKey: 'admin.screens.audit',
    hintKey: 'admin.screens.auditHint',
    page: lazyPage(() => import('./audit-screen.js'), 'AuditScreen'),
  },
];
