import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../accounts/accounts.tables.js';
import { authTokens } from './auth.tables.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Spec section 9: 365 days when remembered, otherwise 1 day. */
export const tokenLifetimeMs = (remember: boolean) => (remember ? 365 : 1) * DAY_MS;

/** 256 random bits, URL-safe; only its SHA-256 is stored. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueToken(db: DbOrTx, userId: string, remember: boolean, now: Date) {
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + tokenLifetimeMs(remember));
  await db.insert(authTokens).values({ userId, tokenHash: hashToken(token), remember, expiresAt });
  return { token, expiresAt };
}

/** The live token's id, expiry and owner: only what a request's auth needs (every request asks, so it reads no more). */
export async function findTokenOwner(db: DbOrTx, token: string, now: Date, tokenHash = hashToken(token)) {
  const [row] = await db
    .select({ tokenId: authTokens.id, expiresAt: authTokens.expiresAt, user: { id: users.id, role: users.role, status: users.status } })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, now)))
    .limit(1);
  return row;
}

/** Whether the session was signed in with "remember me" (a password change keeps the answer for its fresh token). */
export async function tokenRemembered(db: DbOrTx, tokenId: string): Promise<boolean> {
  const [row] = await db.select({ remember: authTokens.remember }).from(authTokens).where(eq(authTokens.id, tokenId)).limit(1);
  return row?.remember === true;
}

export async function revokeToken(db: DbOrTx, tokenId: string, now: Date) {
  await db.update(authTokens).set({ revokedAt: now }).where(eq(authTokens.id, tokenId));
}

export async function revokeAllTokens(db: DbOrTx, userId: string, now: Date) {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
}
