import type { AccountStatus } from './accounts.tables.js';
import { HttpError, unprocessable } from '../../http/errors.js';

/** Staff switched the account off: it may not sign in, act, hold a socket or get mailed links. */
export const isInactive = (account: { status: string }): boolean => account.status === 'inactive';

/**
 * Why this account may not start a session now, or null when it may. Checked only after
 * the password matched, so the answer tells nothing to someone who does not know it.
 */
export function signInRefusal(account: { status: AccountStatus }, requireEmailVerification: boolean): HttpError | null {
  if (isInactive(account)) return new HttpError(403, 'auth.account_inactive', 'This account is inactive');
  if (account.status === 'pending-email-confirmation' && requireEmailVerification) {
    return unprocessable('auth.email_not_verified', 'Please verify your email address before signing in');
  }
  return null;
}
