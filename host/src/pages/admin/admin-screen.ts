import type { PermissionKey } from '@fandeck/contract';
import type { Namespace } from '@fandeck/widgets/i18n';
import type { LazyPage } from '../../routing/route-table.js';

export { mayUse } from '../../routing/staff-access.js';

/**
 * One screen of the back office (/admin). The route table makes each a page gated by its
 * `permission` (routing/page-gate.tsx), the home and the nav list those the staff member may
 * use, and the server refuses the same calls by the contract's entries.
 */
export interface AdminScreen {
  /** Under /admin, e.g. `/admin/reports`. */
  path: string;
  /** The permission it needs (admins hold all), or `'admin'` for admins only. */
  permission: PermissionKey | 'admin';
  /** The screen's name in the nav and on the home: `namespace.key` (the namespace is loaded by the frame). */
  labelKey: `${Namespace}.${string}`;
  /** A line under the name on the home, same form as `labelKey`. */
  hintKey?: `${Namespace}.${string}`;
  page: LazyPage;
}

