import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { oneTimeTokens, type OneTimePurpose } from './auth.tables.js';
import { hashToken, newOpaqueToken } from './tokens.js';

const LIFETIME_MS: Record<OneTimePurpose, number> = {
  'email-verification': 7 * 24 * 60 * 60 * 1000,
  'password-reset': 60 * 60 * 1000,
  'email-change': 24 * 60 * 60 * 1000,
};

/** A new link for `purpose`; the account's older unused links for the same purpose stop working. */
export async function createOneTimeToken(db: DbOrTx, userId: string, purpose: OneTimePurpose, now: Date) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
  const token = newOpaqueToken();
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + LIFETIME_MS[purpose]),
  });
  return token;
}

/** Marks the token used and returns its user, or undefined when unknown, used or expired. */
export async function consumeOneTimeToken(db: DbOrTx, token: string, purpose: OneTimePurpose, now: Date) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId;
}
