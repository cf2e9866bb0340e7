import { describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../test/helpers.js';
import { useStaffTestApp } from './staff-test-kit.js';

const kit = useStaffTestApp(25);
const { token, call, newManager } = kit;

describe('staff accounts and permissions', () => {
  it('creates a manager who signs in, learns what they hold, and passes only the routes it opens', async () => {
    const manager = await newManager(['block.all']);
    const bearer = await token(manager.email);
    const me = await call('GET', '/users/me', bearer);
    expect(me.json().data).toMatchObject({ role: 'manager', permissions: ['block.all'] });

    expect((await call('GET', '/admin/reports', bearer)).statusCode).toBe(200);
    const payouts = await call('GET', '/admin/payout-requests/search', bearer);
    expect(payouts.statusCode).toBe(403);
    expect(payouts.json().code).toBe('auth.permission_denied');
    expect((await call('GET', '/admin/staff', bearer)).json().code).toBe('auth.role_forbidden');
  });

  it('grants and revokes in one call, and the next request is checked against the new set', async () => {
    const manager = await newManager(['block.all']);
    const bearer = await token(manager.email);
    const granted = await call('PUT', `/admin/staff/${manager.id}/permissions`, kit.admin, { permissions: ['payout_request.view', 'payout_request.view'] });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().data.permissions).toEqual(['payout_request.view']);

    expect((await call('GET', '/admin/payout-requests/search', bearer)).statusCode).toBe(200);
    expect((await call('GET', '/admin/reports', bearer)).statusCode).toBe(403);
    // `view` does not let the manager decide a payout.
    expect((await call('PUT', '/admin/payout-requests/x/status', bearer, { status: 'approved' })).statusCode).toBe(403);
    expect((await call('GET', '/users/me', bearer)).json().data.permissions).toEqual(['payout_request.view']);

    const listed = await call('GET', '/admin/staff?pageSize=100', kit.admin);
    expect(listed.json().data.data.find((m: { _id: string }) => m._id === manager.id)).toMatchObject({ role: 'manager', permissions: ['payout_request.view'] });
  });

  it('refuses an unknown key, an admin target, one’s own account and a fan caller', async () => {
    const manager = await newManager();
    const unknown = await call('PUT', `/admin/staff/${manager.id}/permissions`, kit.admin, { permissions: ['users.all'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual(['body.permissions.0']);

    const other = await createUser(kit.t.ctx, { role: 'admin' });
    expect((await call('PUT', `/admin/staff/${other.id}/permissions`, kit.admin, { permissions: [] })).json().code).toBe('staff.protected_account');
    const fan = await createUser(kit.t.ctx);
    expect((await call('PUT', `/admin/staff/${fan.id}/permissions`, kit.admin, { permissions: [] })).json().code).toBe('staff.not_found');
    expect((await call('GET', '/admin/staff', await token(fan.email))).statusCode).toBe(403);

    const taken = await call('POST', '/admin/staff', kit.admin, { name: 'Outra', email: manager.email, username: 'otherone', password: TEST_PASSWORD });
    expect(taken.json().code).toBe('auth.email_taken');
  });

  it('suspends and reactivates an account; the suspended one is refused at once', async () => {
    const fan = await createUser(kit.t.ctx);
    const bearer = await token(fan.email);
    const suspended = await call('PUT', `/admin/users/${fan.id}/status`, kit.admin, { status: 'inactive' });
    expect(suspended.json().data).toMatchObject({ _id: fan.id, status: 'inactive' });
    expect((await call('GET', '/users/me', bearer)).json().code).toBe('auth.account_inactive');
    expect((await call('PUT', `/admin/users/${fan.id}/status`, kit.admin, { status: 'active' })).statusCode).toBe(200);
    expect((await call('GET', '/users/me', bearer)).statusCode).toBe(200);

    const other = await createUser(kit.t.ctx, { role: 'admin' });
    expect((await call('PUT', `/admin/users/${other.id}/status`, kit.admin, { status: 'inactive' })).json().code).toBe('staff.protected_account');
  });

  it('a fan’s own account carries no permissions', async () => {
    const fan = await createUser(kit.t.ctx);
    expect((await call('GET', '/users/me', await token(fan.email))).json().data.permissions).toBeUndefined();
  });
});
