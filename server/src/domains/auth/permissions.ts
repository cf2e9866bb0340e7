/** Spec section 6: the permission catalogue (keys of the form area.action) is the contract's. */
import { PERMISSION_CATALOGUE, type PermissionArea, type PermissionKey } from '@fandeck/contract';

export type { PermissionArea, PermissionKey };

export interface PermissionRecord {
  key: PermissionKey;
  name: string;
  description: string;
  group: PermissionArea;
}

const ACTION_WORDS: Record<string, string> = {
  all: 'Full access to',
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  view: 'View',
};

export const PERMISSIONS: readonly PermissionRecord[] = Object.entries(PERMISSION_CATALOGUE).flatMap(([area, actions]) =>
  actions.map((action) => {
    const noun = area.replace(/_/g, ' ');
    return {
      key: `${area}.${action}` as PermissionKey,
      name: `${area}.${action}`,
      description: `${ACTION_WORDS[action]} ${noun}`,
      group: area as PermissionArea,
    };
  }),
);

export const isPermissionKey = (key: string): key is PermissionKey => PERMISSIONS.some((p) => p.key === key);
