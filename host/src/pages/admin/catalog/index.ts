import { lazyPage } from '../../../routing/route-table.js';
import type { AdminScreen } from '../admin-screen.js';

/**
 * The staff catalogue screens (issue 25): each shown to staff holding its permission (spec
 * section 6) and to admins. The server checks the same permission on every call it makes;
 * changing a catalogue needs the matching `update`/`create` permission there.
 */
export const catalogScreens: AdminScreen[] = [
  { path: '/admin/site-settings', permission: 'setting.view', labelKey: 'adminCatalog.nav.settings', page: lazyPage(() => import('./settings-page.js'), 'SiteSettingsPage') },
  { path: '/admin/discount-coupons', permission: 'setting.view', labelKey: 'adminCatalog.nav.coupons', page: lazyPage(() => import('./coupons-page.js'), 'CouponsPage') },
  { path: '/admin/token-packages', permission: 'setting.view', labelKey: 'adminCatalog.nav.packages', page: lazyPage(() => import('./token-packages-page.js'), 'TokenPackagesPage') },
  { path: '/admin/site-promos', permission: 'setting.view', labelKey: 'adminCatalog.nav.promos', page: lazyPage(() => import('./site-promos-page.js'), 'SitePromosPage') },
  { path: '/admin/live-gifts', permission: 'stream.view', labelKey: 'adminCatalog.nav.gifts', page: lazyPage(() => import('./gifts-page.js'), 'GiftsPage') },
  { path: '/admin/blocked-countries', permission: 'block_country.all', labelKey: 'adminCatalog.nav.blocked', page: lazyPage(() => import('./blocked-countries-page.js'), 'BlockedCountriesPage') },
];
