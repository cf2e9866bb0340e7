import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { performerCategories, performers, users } from '../../db/schema/index.js';
import { updateSettings } from '../settings/settings.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const put = (url: string, token: string | null, payload: object) =>
  t.app.inject({ method: 'PUT', url, payload, headers: token ? { authorization: token } : {} });
const get = (url: string, token: string | null = null) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });

async function category(name: string, values: { ordering?: number; status?: 'active' | 'inactive' } = {}) {
  const [row] = await t.ctx.db.insert(performerCategories).values({ name, slug: name.toLowerCase().replace(/\W+/g, '-'), ...values }).returning();
  return row!;
}

async function creator(values: { verifiedDocument?: boolean; status?: 'active' | 'inactive' } = {}) {
  const user = await createUser(t.ctx, { role: 'performer', ...values });
  return { user, token: values.status === 'inactive' ? '' : await signIn(t.app, user.email) };
}

describe('a creator updates their profile', () => {
  it('stores the form, ignores keys it does not take, and answers the own profile; the public profile shows only public fields', async () => {
    const yoga = await category('Yoga');
    const { user, token } = await creator();
    const res = await put('/api/performers/me', token, {
      name: 'Nova Criadora',
      username: 'NovaCriadora1',
      bio: 'Aulas ao vivo',
      gender: 'female',
      country: 'pt',
      city: 'Lisboa',
      state: 'Lisboa',
      address: 'Rua Augusta 1',
      zipcode: '1100-048',
      dateOfBirth: '1990-05-01',
      languages: ['pt', 'EN', 'pt'],
      height: '167-169',
      weight: '58_60',
      bodyType: 'fit',
      hair: '',
      eyes: 'green',
      ethnicity: 'latino',
      sexualOrientation: 'straight',
      monthlyPrice: 12.5,
      quarterlyPrice: '30',
      halfYearlyPrice: 55,
      yearlyPrice: 2.95,
      freeSubscriptionEnabled: true,
      freeSubscriptionDays: 7,
      categoryIds: [yoga.id],
      // Sent back by forms; never applied.
      email: 'attacker@example.test',
      verifiedDocument: false,
      subscribersCount: 1000,
    });
    expect(res.statusCode, res.body).toBe(200);
    const own = res.json().data;
    expect(own).toMatchObject({
      _id: user.id,
      name: 'Nova Criadora',
      // Usernames follow the one rule (lowercase letters and digits): a mixed-case change is stored lowercased.
      username: 'novacriadora1',
      country: 'PT',
      countryCode: 'PT',
      city: 'Lisboa',
      address: 'Rua Augusta 1',
      zipcode: '1100-048',
      dateOfBirth: '1990-05-01',
      languages: ['pt', 'en'],
      height: '167_169',
      weight: '58_60',
      hair: null,
      eyes: 'green',
      monthlyPrice: 12.5,
      quarterlyPrice: 30,
      halfYearlyPrice: 55,
      yearlyPrice: 2.95,
      isFreeSubscription: true,
      durationFreeSubscriptionDays: 7,
      verifiedDocument: true,
      categories: [{ _id: yoga.id, name: 'Yoga', slug: 'yoga' }],
      welcomeVideo: null,
      bankingSettings: null,
      paymentGatewaySettings: null,
    });
    expect(own.stats.subscribers).toBe(0);
    const [account] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(account!.email).toBe(user.email);
    const [row] = await t.ctx.db.select().from(performers).where(eq(performers.userId, user.id));
    expect(row).toMatchObject({ monthlyPriceCents: 1250, yearlyPriceCents: 295, verifiedDocument: true, subscribersCount: 0 });

    expect((await get('/api/performers/me', token)).json().data).toEqual(own);
    const fan = await createUser(t.ctx);
    const publicProfile = (await get('/api/performers/novacriadora1', await signIn(t.app, fan.email))).json().data;
    expect(publicProfile).toMatchObject({ _id: user.id, city: 'Lisboa', country: 'PT', categories: [{ _id: yoga.id }], dateOfBirth: '1990-05-01' });
    for (const key of ['address', 'zipcode', 'bankingSettings', 'paymentGatewaySettings', 'email']) expect(publicProfile).not.toHaveProperty(key);

    // Absent fields stay; null clears an attribute; an empty list clears the categories.
    const cleared = await put('/api/performers/me', token, { height: null, categoryIds: [] });
    expect(cleared.json().data).toMatchObject({ height: null, weight: '58_60', name: 'Nova Criadora', categories: [] });
  });

  it('refuses prices outside the limits in settings, naming each price, and changes nothing', async () => {
    const { user, token } = await creator();
    const low = await put('/api/performers/me', token, { monthlyPrice: 5.94, bio: 'changed' });
    expect(low.statusCode).toBe(422);
    expect(low.json()).toMatchObject({ code: 'performers.price_out_of_range', fields: ['body.monthlyPrice'] });
    expect(low.json().message).toMatch(/5\.95 and 300\.00/);
    const both = await put('/api/performers/me', token, { quarterlyPrice: 300.01, yearlyPrice: 2.94 });
    expect(both.statusCode).toBe(422);
    expect(both.json().fields).toEqual(['body.quarterlyPrice', 'body.yearlyPrice']);
    // More than two decimals, or not a number: a validation error on the field.
    const odd = await put('/api/performers/me', token, { monthlyPrice: 9.999 });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().fields).toEqual(['body.monthlyPrice']);
    // The limits are the platform's settings, read on every update.
    await updateSettings(t.ctx.db, { maxSubscriptionPrice: 50 });
    try {
      const over = await put('/api/performers/me', token, { monthlyPrice: 60 });
      expect(over.statusCode).toBe(422);
      expect(over.json().message).toMatch(/50\.00/);
    } finally {
      await updateSettings(t.ctx.db, { maxSubscriptionPrice: 300 });
    }
    const [row] = await t.ctx.db.select().from(performers).where(eq(performers.userId, user.id));
    expect(row).toMatchObject({ bio: '', monthlyPriceCents: 595 });
  });

  it('refuses a taken or malformed username, an unknown country, an under-age birth date, an unknown category and unknown attribute values', async () => {
    const { user, token } = await creator();
    const other = await createUser(t.ctx, { username: 'TakenName7' });
    const taken = await put('/api/performers/me', token, { username: 'takenname7' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('auth.username_taken');
    const dotted = await put('/api/performers/me', token, { username: 'with.dot' });
    expect(dotted.statusCode).toBe(400);
    expect(dotted.json().fields).toEqual(['body.username']);
    // Its own username, sent back by the form as it was, passes even in a form letters-and-digits would refuse.
    await t.ctx.db.update(users).set({ username: 'old.style' }).where(eq(users.id, user.id));
    expect((await put('/api/performers/me', token, { username: 'old.style', bio: 'ok' })).statusCode).toBe(200);

    const country = await put('/api/performers/me', token, { country: 'XX' });
    expect(country.statusCode).toBe(400);
    expect(country.json().fields).toEqual(['body.country']);
    const young = new Date(t.ctx.now().getTime() - 17 * 365.25 * 86400_000).toISOString().slice(0, 10);
    const minor = await put('/api/performers/me', token, { dateOfBirth: young });
    expect(minor.statusCode).toBe(400);
    expect(minor.json()).toMatchObject({ code: 'performers.too_young', fields: ['body.dateOfBirth'] });
    const badDate = await put('/api/performers/me', token, { dateOfBirth: '1990-02-30' });
    expect(badDate.statusCode).toBe(400);
    const unknown = await put('/api/performers/me', token, { categoryIds: ['aaaaaaaaaaaaaaaaaaaaaaaa'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'categories.not_found', fields: ['body.categoryIds'] });
    const notAnId = await put('/api/performers/me', token, { categoryIds: ['yoga'] });
    expect(notAnId.statusCode).toBe(400);
    for (const [key, value] of [['hair', 'purple'], ['height', '300_400'], ['gender', 'robot'], ['languages', ['xx-not']], ['freeSubscriptionDays', 0], ['bio', 'x'.repeat(2001)]] as const) {
      const res = await put('/api/performers/me', token, { [key]: value });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().fields[0], key).toMatch(new RegExp(`^body\\.${key}`));
    }
    const after = (await get('/api/performers/me', token)).json().data;
    expect(after).toMatchObject({ username: 'old.style', hair: null, dateOfBirth: null, categories: [] });
    expect(other.username).toBe('TakenName7');
  });

  it('by id: the creator themself or an admin; another creator 403, a fan 403, nobody signed in 401', async () => {
    const { user, token } = await creator();
    const rival = await creator();
    const admin = await createUser(t.ctx, { role: 'admin' });
    const adminToken = await signIn(t.app, admin.email);
    const fan = await createUser(t.ctx);

    const byAdmin = await put(`/api/performers/${user.id}`, adminToken, { bio: 'set by staff', monthlyPrice: 20 });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().data).toMatchObject({ _id: user.id, bio: 'set by staff', monthlyPrice: 20 });
    // Prices are checked for admins too.
    expect((await put(`/api/performers/${user.id}`, adminToken, { monthlyPrice: 1 })).statusCode).toBe(422);
    expect((await put(`/api/performers/${user.username}`, token, { bio: 'mine again' })).json().data.bio).toBe('mine again');

    const refused = await put(`/api/performers/${user.id}`, rival.token, { bio: 'hijacked' });
    expect(refused.statusCode).toBe(403);
    expect((await put(`/api/performers/${user.id}`, await signIn(t.app, fan.email), { bio: 'hijacked' })).statusCode).toBe(403);
    expect((await put(`/api/performers/${user.id}`, null, { bio: 'hijacked' })).statusCode).toBe(401);
    expect((await put('/api/performers/me', null, { bio: 'hijacked' })).statusCode).toBe(401);
    expect((await put('/api/performers/me', adminToken, { bio: 'x' })).statusCode).toBe(403);
    expect((await put('/api/performers/aaaaaaaaaaaaaaaaaaaaaaaa', adminToken, { bio: 'x' })).statusCode).toBe(404);
    expect((await put(`/api/performers/${fan.id}`, adminToken, { bio: 'x' })).statusCode).toBe(404);
    expect((await get('/api/performers/me', token)).json().data.bio).toBe('mine again');
  });
});

describe('the fans’ creator search', () => {
  it('lists approved, active creators only; filters by text, gender, country and category; sorts by popularity, newest and name; pages', async () => {
    const tag = `Srch${Date.now().toString(36)}`;
    const music = await category(`Music ${tag}`);
    const made = [];
    for (const [name, gender, country, subscribers, followers] of [
      ['Ana', 'female', 'BR', 5, 1],
      ['bruno', 'male', 'PT', 9, 0],
      ['Carla', 'female', 'BR', 5, 7],
    ] as const) {
      const { user } = await creator();
      await t.ctx.db.update(users).set({ name: `${name} ${tag}`, gender, countryCode: country }).where(eq(users.id, user.id));
      await t.ctx.db.update(performers).set({ subscribersCount: subscribers, followersCount: followers }).where(eq(performers.userId, user.id));
      made.push(user);
    }
    const [ana, bruno, carla] = made as [typeof made[0], typeof made[0], typeof made[0]];
    const pending = await creator({ verifiedDocument: false });
    const inactive = await creator({ status: 'inactive' });
    for (const hidden of [pending.user, inactive.user]) await t.ctx.db.update(users).set({ name: `Hidden ${tag}` }).where(eq(users.id, hidden.id));
    await put('/api/performers/me', (await signIn(t.app, carla.email)), { categoryIds: [music.id] });
    await put('/api/performers/me', (await signIn(t.app, bruno.email)), { categoryIds: [music.id] });

    const ids = async (query: string) => {
      const res = await get(`/api/performers/user/search?q=${tag}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return { ids: res.json().data.data.map((p: { _id: string }) => p._id), total: res.json().data.total, items: res.json().data.data };
    };
    const popular = await ids('');
    expect(popular.ids).toEqual([bruno.id, carla.id, ana.id]);
    expect(popular.total).toBe(3);
    expect((await ids('sortBy=name')).ids).toEqual([ana.id, bruno.id, carla.id]);
    expect((await ids('sortBy=name&sort=desc')).ids).toEqual([carla.id, bruno.id, ana.id]);
    expect((await ids('sortBy=newest')).ids).toEqual([carla.id, bruno.id, ana.id]);
    expect((await ids('gender=female')).ids).toEqual([carla.id, ana.id]);
    expect((await ids('country=pt')).ids).toEqual([bruno.id]);
    expect((await ids('countryCode=BR&sortBy=name')).ids).toEqual([ana.id, carla.id]);
    expect((await ids(`categoryId=${music.id}`)).ids).toEqual([bruno.id, carla.id]);
    const paged = await ids('sortBy=name&pageSize=2&current=2');
    expect(paged).toMatchObject({ ids: [carla.id], total: 3 });
    // The same item shape as /performers/search, categories included.
    expect(paged.items[0]).toMatchObject({ _id: carla.id, isPerformer: true, categories: [{ _id: music.id }], welcomeVideo: null });
    const shape = (await get(`/api/performers/search?q=${tag}&pageSize=1`)).json().data.data[0];
    expect(Object.keys(paged.items[0]).sort()).toEqual(Object.keys(shape).sort());

    expect((await get('/api/performers/user/search?q=%25')).json().data.total).toBe(0);
    for (const bad of ['sortBy=password', 'sortBy=constructor', 'gender=robot', 'country=BRA', 'categoryId=1', 'pageSize=0']) {
      const res = await get(`/api/performers/user/search?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code, bad).toBe('request.invalid');
    }
  });
});
