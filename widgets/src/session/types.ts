/**
 * Shapes that cross the session's boundary: what the API answers and what views read.
 * Field names are the contract's (spec section 3, api-contract section 1: `_id` everywhere).
 */
export type { Credentials, CurrentUser, ListPage, MenuItem, PublicSettings, UserPatch } from '@fandeck/contract';

export type Theme = 'dark' | 'light';

/** Load state of a model that fetches. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';
