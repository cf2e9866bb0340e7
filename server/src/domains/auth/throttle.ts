import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { loginThrottle } from '../../db/schema/index.js';
import { tooManyRequests } from '../../http/errors.js';

export const MAX_LOGIN_FAILURES = 5;
export const THROTTLE_WINDOW_SECONDS = 15 * 60;

/**
 * Counts an attempt against a key before the password is checked, so parallel guesses
 * cannot slip past the limit; a success gives the attempt back. Returns the attempt
 * number within the current window.
 */
async function countAttempt(db: DbOrTx, key: string, now: Date): Promise<{ attempts: number; windowStartedAt: Date }> {
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_SECONDS * 1000);
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

export const accountKey = (identifier: string) => `acct:${identifier.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/** Throws 429 with Retry-After when any key is past its limit; otherwise records the attempt. */
export async function beginLoginAttempt(db: DbOrTx, keys: string[], now: Date): Promise<void> {
  let retryAfter = 0;
  for (const key of keys) {
    const { attempts, windowStartedAt } = await countAttempt(db, key, now);
    if (attempts > MAX_LOGIN_FAILURES) {
      const left = windowStartedAt.getTime() + THROTTLE_WINDOW_SECONDS * 1000 - now.getTime();
      retryAfter = Math.max(retryAfter, left / 1000);
    }
  }
  if (retryAfter > 0) throw tooManyRequests('auth.too_many_attempts', 'Too many failed sign-in attempts. Please try again later.', retryAfter);
}

/** A successful sign-in clears the account's failures and gives the address its attempt back. */
export async function endLoginAttemptSuccessfully(db: DbOrTx, account: string, address: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, account));
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(eq(loginThrottle.key, address));
}
