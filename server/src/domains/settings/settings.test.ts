import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { PUBLIC_SETTING_KEYS } from './settings.catalogue.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const publicSettings = async () => (await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json();

describe('public settings', () => {
  it('answer the contract envelope with the section 9 defaults', async () => {
    const body = await publicSettings();
    expect(body.status).toBe(0);
    expect(body.data).toMatchObject({
      defaultLocale: 'pt-BR',
      locale: 'pt-BR',
      freeSubscriptionEnabled: true,
      freeSubscriptionDuration: 1,
      minSubscriptionPrice: 5.95,
      maxSubscriptionPrice: 300,
      minYearlySubscriptionPrice: 2.95,
      maxYearlySubscriptionPrice: 300,
      minTopupWalletAmount: 2.95,
      maxTopupWalletAmount: 300,
      minTipAmount: 10,
      maxTipAmount: 10000,
      minPayoutAmount: 50,
      defaultVolume: 1,
      messagesPageSize: 25,
      notificationsPageSize: 12,
      paymentGateway: 'pix-sandbox',
    });
    for (const key of [
      'requireEmailVerification',
      'stripePublishableKey',
      'gaCode',
      'supportedLocales',
      'performerReferralCommission',
      'userReferralCommission',
      'telegramEnabled',
      'agoraAppId',
      'agoraEnable',
      'siteName',
      'logoUrl',
      'faviconUrl',
      'maintenanceMode',
    ]) {
      expect(body.data).toHaveProperty(key);
    }
    const clientNames = ['favicon', 'logo', 'darkmodeLogo', 'minimumSubscriptionPrice', 'maximumSubscriptionPrice', 'minimumWalletPrice', 'maximumWalletPrice', 'minimumTipPrice', 'maximumTipPrice', 'minimumPayoutAmount'];
    expect(Object.keys(body.data).sort()).toEqual([...PUBLIC_SETTING_KEYS, ...clientNames].sort());
  });

  it('never disclose private keys, not even when asked by name', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/settings/keys', payload: { keys: ['siteName', 'telegramApiHash', 'performerCommission', 'nope'] } });
    expect(res.statusCode).toBe(200);
    // Every asked key is answered, as existing clients expect; private and unknown ones with "".
    expect(res.json().data).toEqual({ siteName: 'Fandeck', telegramApiHash: '', performerCommission: '', nope: '' });
    expect((await publicSettings()).data).not.toHaveProperty('telegramApiHash');
  });

  it('carry the names existing clients read: image URLs made absolute, limits by their client names', async () => {
    const data = (await publicSettings()).data;
    expect(data).toMatchObject({
      favicon: 'http://fandeck.test/brand/favicon.svg',
      logo: 'http://fandeck.test/brand/logo.svg',
      darkmodeLogo: 'http://fandeck.test/brand/logo-dark.svg',
      minimumSubscriptionPrice: data.minSubscriptionPrice,
      maximumSubscriptionPrice: data.maxSubscriptionPrice,
      minimumWalletPrice: data.minTopupWalletAmount,
      maximumWalletPrice: data.maxTopupWalletAmount,
      minimumTipPrice: data.minTipAmount,
      maximumTipPrice: data.maxTipAmount,
      minimumPayoutAmount: 50,
    });
    const keys = await t.app.inject({ method: 'POST', url: '/api/settings/keys', payload: { keys: ['footerContent', 'minimumTipPrice', 'logo'] } });
    expect(keys.json().data).toEqual({ footerContent: '', minimumTipPrice: data.minTipAmount, logo: 'http://fandeck.test/brand/logo.svg' });
  });
});

describe('admin settings', () => {
  it('reflect a change immediately and validate each value', async () => {
    const admin = await createUser(t.ctx, { role: 'admin' });
    const token = await signIn(t.app, admin.email);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { authorization: token },
      payload: { siteName: 'Fandeck Brasil', maintenanceMode: true, minTipAmount: 12.5 },
    });
    expect(change.statusCode).toBe(200);
    expect((await publicSettings()).data).toMatchObject({ siteName: 'Fandeck Brasil', maintenanceMode: true, minTipAmount: 12.5 });

    const bad = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { authorization: token }, payload: { minTipAmount: 'ten' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/minTipAmount/);
    const unknown = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { authorization: token }, payload: { bogus: 1 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/bogus/);
    const locale = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { authorization: token }, payload: { defaultLocale: 'xx-QQ' } });
    expect(locale.statusCode).toBe(400);
    expect(locale.json().message).toMatch(/defaultLocale/);
    expect((await publicSettings()).data.minTipAmount).toBe(12.5);
  });

  it('are refused to fans (403) and to anonymous callers (401); a manager needs the permission', async () => {
    const fan = await createUser(t.ctx);
    const fanToken = await signIn(t.app, fan.email);
    const asFan = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { authorization: fanToken }, payload: { siteName: 'x' } });
    expect(asFan.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/settings' });
    expect(anonymous.statusCode).toBe(401);

    const manager = await createUser(t.ctx, { role: 'manager' });
    const managerToken = await signIn(t.app, manager.email);
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { authorization: managerToken } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.permission_denied');
    const { userPermissions } = await import('../../db/schema/index.js');
    await t.ctx.db.insert(userPermissions).values({ userId: manager.id, permissionKey: 'setting.all' });
    const allowed = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { authorization: managerToken } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().data).toHaveProperty('telegramApiHash');
  });
});

describe('environment pass-through', () => {
  it('shows the Stripe publishable key from the environment while the setting is empty', async () => {
    const withKey = await createTestApp({}, { STRIPE_PUBLISHABLE_KEY: 'pk_test_fromenv' });
    const res = await withKey.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(res.json().data.stripePublishableKey).toBe('pk_test_fromenv');
    await withKey.close();
  });
});
