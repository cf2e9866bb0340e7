import type { LazyPage } from '../../routing/route-table.js';

/** One staff screen of /admin: its address, the permission that shows it (admins see all), its menu label and its page. */
export interface AdminScreen {
  path: string;
  permission: string;
  labelKey: string;
  page: LazyPage;
}
