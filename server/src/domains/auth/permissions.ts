/** Spec section 6: the permission catalogue, keys of the form area.action. */
const FULL = ['all', 'create', 'update', 'delete', 'view'] as const;

const CATALOGUE = {
  feed: FULL,
  gallery: FULL,
  video: FULL,
  product: FULL,
  stream: FULL,
  payout_request: FULL,
  event: FULL,
  auction: FULL,
  vault: FULL,
  cameo: FULL,
  mass_message: FULL,
  list_categorized: FULL,
  message_template: FULL,
  auto_message: FULL,
  reel: FULL,
  setting: ['all', 'update', 'view'],
  message: ['all', 'create', 'delete', 'view'],
  order: ['all', 'create', 'update', 'view'],
  earning: ['all'],
  banking: ['all'],
  block_country: ['all'],
  block: ['all'],
} as const;

type Catalogue = typeof CATALOGUE;
export type PermissionArea = keyof Catalogue;
export type PermissionKey = { [A in PermissionArea]: `${A}.${Catalogue[A][number]}` }[PermissionArea];

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

export const PERMISSIONS: readonly PermissionRecord[] = Object.entries(CATALOGUE).flatMap(([area, actions]) =>
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
