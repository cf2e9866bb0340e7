import { afterAll, beforeAll } from 'vitest';
import { createTestApp, createUser, signIn, TEST_PASSWORD, type TestApp } from '../../../test/helpers.js';

/**
 * A test file's app with an admin signed in, and the calls the back-office tests make: sign-ins
 * from their own addresses (`10.<block>.x.y`, so the throttle never joins them) and bearer calls.
 */
export function useStaffTestApp(block: number) {
  const state: { t?: TestApp; admin: string; adminId: string } = { admin: '', adminId: '' };
  let ips = 0;
  const kit = {
    get t(): TestApp {
      if (!state.t) throw new Error('the app is not started yet');
      return state.t;
    },
    get admin() {
      return state.admin;
    },
    get adminId() {
      return state.adminId;
    },
    token: (email: string) => signIn(kit.t.app, email, undefined, `10.${block}.${Math.floor((ips += 1) / 250)}.${ips % 250}`),
    call: (method: 'GET' | 'POST' | 'PUT', url: string, bearer: string, payload?: Record<string, unknown>) =>
      kit.t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${bearer}` }, ...(payload ? { payload } : {}) }),
    /** A new manager made through the API with these permissions. */
    async newManager(permissions: string[] = []) {
      const tag = `m${(ips += 1)}x${Date.now().toString(36)}`;
      const email = `${tag}@example.test`;
      const res = await kit.call('POST', '/admin/staff', state.admin, { name: `Gestor ${tag}`, email, username: tag, password: TEST_PASSWORD, permissions });
      if (res.statusCode !== 200) throw new Error(`creating a manager failed: ${res.statusCode} ${res.body}`);
      return { id: res.json().data._id as string, email };
    },
  };
  beforeAll(async () => {
    state.t = await createTestApp();
    const admin = await createUser(state.t.ctx, { role: 'admin' });
    state.adminId = admin.id;
    state.admin = await kit.token(admin.email);
  });
  afterAll(() => state.t?.close());
  return kit;
}
