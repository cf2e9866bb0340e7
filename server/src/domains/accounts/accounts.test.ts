import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { HttpError } from '../../http/errors.js';
import { isInactive, signInRefusal } from './account-status.js';
import accountsPlugin, { type AccountsExtension } from './accounts.plugin.js';

let t: TestApp;
let accounts: AccountsExtension;
beforeAll(async () => {
  t = await createTestApp();
  accounts = await accountsPlugin.register(t.app as never, t.ctx, { get: () => undefined as never });
});
afterAll(() => t.close());

describe('the accounts extension', () => {
  it('finds an account by email or username in any case, and by id', async () => {
    const user = await createUser(t.ctx, { email: 'Mixed.Case@Example.test', username: 'Mixed_Case' });
    expect((await accounts.findByLogin('  mixed.case@example.TEST '))?.id).toBe(user.id);
    expect((await accounts.findByLogin('MIXED_case'))?.id).toBe(user.id);
    expect((await accounts.findByEmail('MIXED.CASE@example.test'))?.id).toBe(user.id);
    expect((await accounts.findById(user.id)).email).toBe('Mixed.Case@Example.test');
    expect(await accounts.findByLogin('someone-else')).toBeUndefined();
  });

  it('answers an unknown id with a 404 users.not_found', async () => {
    const missing = accounts.findById('0'.repeat(24));
    await expect(missing).rejects.toBeInstanceOf(HttpError);
    await expect(missing).rejects.toMatchObject({ statusCode: 404, code: 'users.not_found' });
  });

  it("presents the owner's view with the ledger balance in units", async () => {
    const user = await createUser(t.ctx, { balanceCents: 1250 });
    const view = await accounts.present(user);
    expect(view).toMatchObject({ _id: user.id, balance: 12.5, isPerformer: false });
    expect(view).not.toHaveProperty('passwordHash');
  });
});

describe('account status', () => {
  it('refuses an inactive account whatever the settings, and an unverified one only when verification is required', () => {
    expect(signInRefusal({ status: 'inactive' }, false)).toMatchObject({ statusCode: 403, code: 'auth.account_inactive' });
    expect(signInRefusal({ status: 'pending-email-confirmation' }, true)).toMatchObject({ statusCode: 422, code: 'auth.email_not_verified' });
    expect(signInRefusal({ status: 'pending-email-confirmation' }, false)).toBeNull();
    expect(signInRefusal({ status: 'active' }, true)).toBeNull();
    expect(isInactive({ status: 'inactive' })).toBe(true);
    expect(isInactive({ status: 'pending-email-confirmation' })).toBe(false);
  });
});
