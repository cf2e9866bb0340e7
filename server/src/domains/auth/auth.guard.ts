import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { userPermissions } from './auth.tables.js';
import type { RequestAuth } from '../../http/guard.js';
import { isInactive } from '../accounts/index.js';
import { tokenCacheOf } from './token-cache.js';
import { findTokenOwner, hashToken } from './tokens.js';

const MAX_TOKEN_LENGTH = 512;

/**
 * The token comes from the Authorization header (raw, or with `Bearer `) or the
 * `token` cookie. Never from the URL (contract section 2).
 */
export function tokenFromRequest(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.trim()) {
    const value = header.trim().replace(/^Bearer\s+/i, '');
    return value.length <= MAX_TOKEN_LENGTH ? value : undefined;
  }
  const cookie = request.cookies?.token;
  return cookie && cookie.length <= MAX_TOKEN_LENGTH ? cookie : undefined;
}

export async function authenticateToken(ctx: AppContext, token: string): Promise<RequestAuth | null> {
  const now = ctx.now();
  const tokenHash = hashToken(token);
  // On the embedded database a verified session is remembered until the database says it changed (token-cache.ts).
  const cache = await tokenCacheOf<RequestAuth>(ctx.db);
  const remembered = cache?.get(tokenHash, now);
  if (remembered) return { tokenId: remembered.tokenId, user: { ...remembered.user } };
  const generation = cache?.generation() ?? 0;
  const found = await findTokenOwner(ctx.db, token, now, tokenHash);
  if (!found) return null;
  const { user } = found;
  const granted =
    user.role === 'manager' || user.role === 'admin'
      ? await ctx.db.select({ key: userPermissions.permissionKey }).from(userPermissions).where(eq(userPermissions.userId, user.id))
      : [];
  const auth: RequestAuth = {
    tokenId: found.tokenId,
    user: { id: user.id, role: user.role, status: user.status, permissions: new Set(granted.map((g) => g.key)) },
  };
  cache?.set(tokenHash, auth, found.expiresAt, generation);
  return { tokenId: auth.tokenId, user: { ...auth.user } };
}

export async function authenticateRequest(ctx: AppContext, request: FastifyRequest): Promise<RequestAuth | null> {
  const token = tokenFromRequest(request);
  return token ? authenticateToken(ctx, token) : null;
}

export async function resolveSocketToken(ctx: AppContext, token: string): Promise<{ userId: string; tokenId: string } | null> {
  const auth = await authenticateToken(ctx, token);
  return auth && !isInactive(auth.user) ? { userId: auth.user.id, tokenId: auth.tokenId } : null;
}
