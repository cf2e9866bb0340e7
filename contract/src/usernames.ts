/**
 * The one username rule (issue 22; api-contract section 7: existing clients accept only
 * lowercase letters and digits): 3 to 30 of `a-z` and `0-9`. Registration, the account
 * pages and the demo data follow it; the server refuses a new or changed username that
 * does not (after lowercasing, since usernames compare without case). Usernames made
 * before the rule (`ana.lima`) keep working for sign-in and profile links, and a form that
 * sends one back unchanged is not refused for it.
 */
import { LIMITS } from './limits.js';

export const USERNAME_MIN = LIMITS.account.usernameMin;
export const USERNAME_MAX = LIMITS.account.usernameMax;
export const USERNAME_PATTERN = new RegExp(`^[a-z0-9]{${USERNAME_MIN},${USERNAME_MAX}}$`);

/** How a username is compared and stored: trimmed, lowercased. */
export const normalizeUsername = (value: string): string => value.trim().toLowerCase();

/** Whether a username typed now (a new one, or a change) follows the rule, once normalized. */
export const isValidUsername = (value: string): boolean => USERNAME_PATTERN.test(normalizeUsername(value));
