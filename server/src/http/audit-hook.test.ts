import { describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../test/helpers.js';
import { useStaffTestApp } from '../domains/staff/staff-test-kit.js';
import { REDACTED, summarizeBody } from '../domains/audit/audit.summary.js';
import { staffGate } from './audit-hook.js';

const kit = useStaffTestApp(26);
const { token, call } = kit;
const log = async (query = '') => (await call('GET', `/admin/audit-log?pageSize=100${query}`, kit.admin)).json().data;

describe('the audit hook', () => {
  it('records a staff change with actor, permission, route, target ids and a redacted summary', async () => {
    const fan = await createUser(kit.t.ctx);
    expect((await call('PUT', `/admin/users/${fan.id}/status`, kit.admin, { status: 'inactive' })).statusCode).toBe(200);
    const created = await call('POST', '/admin/staff', kit.admin, { name: 'Gestor', email: `g${Date.now()}@example.test`, username: `g${Date.now().toString(36)}`, password: TEST_PASSWORD, permissions: ['block.all'] });
    expect(created.statusCode, created.body).toBe(200);

    const { data } = await log(`&actorId=${kit.adminId}`);
    const status = data.find((entry: { action: string }) => entry.action === 'admin.users.status');
    expect(status).toMatchObject({ actor: { _id: kit.adminId, role: 'admin' }, method: 'PUT', permission: 'role:admin', targets: { id: fan.id }, summary: { status: 'inactive' }, status: 200 });
    const staff = data.find((entry: { action: string }) => entry.action === 'admin.staff.create');
    expect(staff.summary).toMatchObject({ name: 'Gestor', password: REDACTED, permissions: ['block.all'] });
    expect(JSON.stringify(staff)).not.toContain(TEST_PASSWORD);
  });

  it('does not record a staff call the server refused (a 404)', async () => {
    const moderator = await kit.newManager(['block.all']);
    const manager = await token(moderator.email);
    const missing = await call('POST', '/admin/reports/nope/action', manager, { action: 'dismiss' });
    expect(missing.statusCode).toBe(404);
    const { data: none } = await log(`&actorId=${moderator.id}`);
    expect(none).toEqual([]);
  });

  it('leaves out reads, refusals and anyone who is not staff', async () => {
    const before = (await log()).total;
    await call('GET', '/admin/staff', kit.admin);
    const fan = await createUser(kit.t.ctx);
    const fanToken = await token(fan.email);
    expect((await call('PUT', '/admin/users/x/status', fanToken, { status: 'inactive' })).statusCode).toBe(403);
    await call('PUT', '/users', fanToken, { name: 'Fã' });
    expect((await call('PUT', `/admin/users/${kit.adminId}/status`, kit.admin, { status: 'inactive' })).statusCode).toBe(403);
    expect((await log()).total).toBe(before);
  });

  it('filters by action and by time', async () => {
    const fan = await createUser(kit.t.ctx);
    await call('PUT', `/admin/users/${fan.id}/status`, kit.admin, { status: 'inactive' });
    const byAction = await log('&action=admin.users.status');
    expect(byAction.data.every((entry: { action: string }) => entry.action === 'admin.users.status')).toBe(true);
    expect(byAction.total).toBeGreaterThan(0);
    expect((await log(`&from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).total).toBe(0);
  });
});

describe('what is staff-gated', () => {
  it('names the permission, or the roles when they include staff', () => {
    expect(staffGate({ permission: 'setting.update' })).toBe('setting.update');
    expect(staffGate({ roles: ['admin'] })).toBe('role:admin');
    expect(staffGate({ roles: ['performer', 'manager', 'admin'] })).toBe('role:performer|manager|admin');
    expect(staffGate({ roles: ['performer'] })).toBeNull();
    expect(staffGate(undefined)).toBeNull();
  });

  it('summarizes a body: secrets replaced, texts cut, lists and nesting bounded', () => {
    const summary = summarizeBody({ pixKey: 'a@b.c', holderDocument: '123', note: 'x'.repeat(300), list: Array.from({ length: 15 }, (_, i) => i), deep: { a: { b: { c: 1 } } } });
    expect(summary.pixKey).toBe(REDACTED);
    expect(summary.holderDocument).toBe(REDACTED);
    expect(String(summary.note).length).toBeLessThan(130);
    expect(summary.list).toHaveLength(11);
    expect(summary.deep).toEqual({ a: { b: '{…}' } });
    expect(summarizeBody('text')).toEqual({});
  });
});
