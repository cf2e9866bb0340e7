import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { testDatabaseKind } from '../../../test/databases.js';
import { userPermissions, users } from '../../db/schema/index.js';
import { tokenCacheOf } from './token-cache.js';
import { revokeAllTokens } from './tokens.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: token } });
/** A route only staff with `setting.view` (or `setting.all`) may call. */
const staffRead = (token: string) => t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { authorization: token } });

/** A signed-in account whose session every test has used twice first (so, on PGlite, it is remembered). */
async function used(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.ctx, values);
  const token = await signIn(t.app, user.email);
  for (let i = 0; i < 2; i++) expect((await me(token)).statusCode).toBe(200);
  return { user, token };
}

describe('verified sessions (remembered on the embedded database, token-cache.ts)', () => {
  it('remember a session on PGlite only, and only once migration 0026 is there', async () => {
    const cache = await tokenCacheOf(t.ctx.db);
    if (testDatabaseKind() === 'postgres') expect(cache).toBeNull();
    else expect(cache).not.toBeNull();
  });

  it('refuse a signed-out token at once', async () => {
    const { token } = await used();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: token } })).statusCode).toBe(200);
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('auth.sign_in_required');
  });

  it('refuse every session of an account whose sessions all ended (a password change), however they were ended', async () => {
    const { user, token } = await used();
    const other = await signIn(t.app, user.email);
    expect((await me(other)).statusCode).toBe(200);
    await revokeAllTokens(t.ctx.db, user.id, t.ctx.now());
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
  });

  it('refuse an account made inactive, and let it back in when it is active again', async () => {
    const { user, token } = await used();
    await t.ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, user.id));
    const refused = await me(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.account_inactive');
    await t.ctx.db.update(users).set({ status: 'active' }).where(eq(users.id, user.id));
    expect((await me(token)).statusCode).toBe(200);
  });

  it('follow a permission granted and taken away', async () => {
    const { user, token } = await used({ role: 'manager' });
    expect((await staffRead(token)).statusCode).toBe(403);
    await t.ctx.db.insert(userPermissions).values({ userId: user.id, permissionKey: 'setting.view' });
    expect((await staffRead(token)).statusCode).toBe(200);
    await t.ctx.db.delete(userPermissions).where(eq(userPermissions.userId, user.id));
    expect((await staffRead(token)).statusCode).toBe(403);
  });

  it('refuse a token once it expires', async () => {
    const { user } = await used();
    const token = await signIn(t.app, user.email);
    expect((await me(token)).statusCode).toBe(200);
    const later = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    const now = t.ctx.now;
    t.ctx.now = () => later;
    try {
      expect((await me(token)).statusCode).toBe(401);
    } finally {
      t.ctx.now = now;
    }
  });
});
