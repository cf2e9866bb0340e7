import type { AdminScreen } from '../admin-screen.js';

/** The catalogue's screens (coupons, token packages, gifts, site promos, site settings), built in their own branch. */
export const catalogScreens: AdminScreen[] = [];
