import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { loginThrottle } from './auth.tables.js';
import { tooManyRequests } from '../../http/errors.js';

/**
 * Sign-in limits (issue 8): a lockout must not be usable against the account's owner.
 * - one account from one address: 5 failures in 15 minutes lock that pair only, so a
 *   stranger guessing from elsewhere does not lock the owner out;
 * - one account from anywhere: 30 in an hour, a slower limit against guessing spread
 *   over many addresses;
 * - one address across accounts: 20 in 15 minutes, against stuffing many accounts.
 * The email and the username of one account count as one account.
 * An attempt is checked against the limits in that order, pair, address, account, and
 * stops at the first one past its limit (issue 21): an attempt the pair or the address
 * already refuses never counts against the account-wide limit, so guesses from one
 * place can spend at most 5 of the account's 30.
 */
export interface ThrottleLimit {
  key: string;
  max: number;
  windowSeconds: number;
}

export const MAX_LOGIN_FAILURES = 5;
export const THROTTLE_WINDOW_SECONDS = 15 * 60;
export const MAX_ACCOUNT_FAILURES = 30;
export const ACCOUNT_WINDOW_SECONDS = 60 * 60;
export const MAX_ADDRESS_FAILURES = 20;

/** The limits of one sign-in attempt; `account` is the user's id when the identifier names one. */
export function loginLimits(account: string, ip: string): ThrottleLimit[] {
  return [
    { key: `pair:${account}|${ip}`, max: MAX_LOGIN_FAILURES, windowSeconds: THROTTLE_WINDOW_SECONDS },
    { key: `ip:${ip}`, max: MAX_ADDRESS_FAILURES, windowSeconds: THROTTLE_WINDOW_SECONDS },
    { key: `acct:${account}`, max: MAX_ACCOUNT_FAILURES, windowSeconds: ACCOUNT_WINDOW_SECONDS },
  ];
}

/**
 * Counts an attempt against a key before the password is checked, so parallel guesses
 * cannot slip past the limit; a success gives the attempt back. Returns the attempt
 * number within the current window.
 */
async function countAttempt(db: DbOrTx, key: string, windowSeconds: number, now: Date): Promise<{ attempts: number; windowStartedAt: Date }> {
  const windowStart = new Date(now.getTime() - windowSeconds * 1000);
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then ${now} else ${loginThrottle.windowStartedAt} end`,
      },
    })
    .returning({ attempts: loginThrottle.failures, windowStartedAt: loginThrottle.windowStartedAt });
  return row!;
}

/** Reset-link requests: 3 an hour for one address asked about, 10 an hour from one client address. */
export const MAX_RESET_REQUESTS_PER_ACCOUNT = 3;
export const MAX_RESET_REQUESTS_PER_ADDRESS = 10;

export function resetRequestLimits(email: string, ip: string): ThrottleLimit[] {
  return [
    // By the address asked about, whether it has an account or not, so a 429 tells nothing.
    { key: `reset:acct:${email.trim().toLowerCase()}`, max: MAX_RESET_REQUESTS_PER_ACCOUNT, windowSeconds: 60 * 60 },
    { key: `reset:ip:${ip}`, max: MAX_RESET_REQUESTS_PER_ADDRESS, windowSeconds: 60 * 60 },
  ];
}

/** Records a reset-link request; 429 with Retry-After past a limit. */
export async function countResetRequest(db: DbOrTx, limits: ThrottleLimit[], now: Date): Promise<void> {
  const retryAfter = await countAgainst(db, limits, now);
  if (retryAfter > 0) throw tooManyRequests('request.too_many', 'Too many reset requests. Please try again later.', retryAfter);
}

/** Counts one attempt against every limit; the seconds until the tightest one passed frees up, 0 when none is. */
async function countAgainst(db: DbOrTx, limits: ThrottleLimit[], now: Date): Promise<number> {
  let retryAfter = 0;
  for (const { key, max, windowSeconds } of limits) {
    const { attempts, windowStartedAt } = await countAttempt(db, key, windowSeconds, now);
    if (attempts > max) retryAfter = Math.max(retryAfter, (windowStartedAt.getTime() + windowSeconds * 1000 - now.getTime()) / 1000);
  }
  return retryAfter;
}

/**
 * Counts one attempt against the limits in order and stops at the first one past its
 * limit, so a refused attempt never reaches the limits after it; the seconds until that
 * one frees up, 0 when none is. Each key is still counted before it is checked, so
 * parallel attempts cannot slip past it.
 */
async function countUntilRefused(db: DbOrTx, limits: ThrottleLimit[], now: Date): Promise<number> {
  for (const { key, max, windowSeconds } of limits) {
    const { attempts, windowStartedAt } = await countAttempt(db, key, windowSeconds, now);
    if (attempts > max) return Math.max(1, (windowStartedAt.getTime() + windowSeconds * 1000 - now.getTime()) / 1000);
  }
  return 0;
}

/** Throws 429 with Retry-After when a limit is past; the limits after it are not counted. */
export async function beginLoginAttempt(db: DbOrTx, limits: ThrottleLimit[], now: Date): Promise<void> {
  const retryAfter = await countUntilRefused(db, limits, now);
  if (retryAfter > 0) throw tooManyRequests('auth.too_many_attempts', 'Too many failed sign-in attempts. Please try again later.', retryAfter);
}

/** A successful sign-in clears the pair's and the account's failures and gives the address its attempt back. */
export async function endLoginAttemptSuccessfully(db: DbOrTx, limits: ThrottleLimit[]): Promise<void> {
  const [pair, address, account] = limits;
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, [pair!.key, account!.key]));
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(eq(loginThrottle.key, address!.key));
}
