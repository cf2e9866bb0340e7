/**
 * A refused back-office call (403: a permission the staff member lacks) says so on the page
 * instead of signing them out; only a 401 does.
 */
export const STAFF_CALL = { unauthorized: 'ignore' } as const;
