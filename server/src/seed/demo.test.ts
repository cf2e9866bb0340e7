// The demo seed: a fresh `npm start` shows token packages on the top-up screen and promos on the pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/helpers.js';
import { DEMO_GIFTS } from './demo-gifts.js';
import { DEMO_LOGINS, DEMO_PASSWORD, DEMO_SITE_PROMOS, DEMO_TOKEN_PACKAGES, seedDemo } from './demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.ctx)).toBe(true);
});
afterAll(() => t?.close());

const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json().data as { data: Record<string, unknown>[]; total: number };

describe('the demo seed', () => {
  it('offers its token packages, in order, with a little bonus on the bigger ones', async () => {
    const list = await get('/api/package/token/search');
    expect(list.total).toBe(DEMO_TOKEN_PACKAGES.length);
    expect(list.data).toMatchObject([
      { name: 'Pacote Inicial', price: 10, tokens: 10 },
      { name: 'Pacote Fã', price: 50, tokens: 55 },
      { name: 'Pacote Superfã', price: 100, tokens: 115 },
    ]);
  });

  it('shows its site promos now', async () => {
    const list = await get('/api/site-promo/search');
    expect(list.total).toBe(DEMO_SITE_PROMOS.length);
    expect(list.data.map((promo) => promo.title)).toEqual(DEMO_SITE_PROMOS.map((promo) => promo.title));
  });

  it('offers its live gifts, smallest first', async () => {
    const list = await get('/api/gifts');
    expect(list.data.map((gift) => [gift.emoji, gift.name, gift.price])).toEqual(DEMO_GIFTS.map((gift) => [gift.emoji, gift.name, gift.priceCents / 100]));
  });

  it('lets a demo fan buy a package', async () => {
    const fan = DEMO_LOGINS.find((login) => login.username === 'fan.one')!;
    const token = await signIn(t.app, fan.email, DEMO_PASSWORD);
    const [, pack] = (await get('/api/package/token/search')).data;
    const res = await t.app.inject({ method: 'POST', url: '/api/payment/wallet/top-up', headers: { authorization: token }, payload: { packageId: pack!._id, couponCode: '' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ amount: 50, tokens: 55, packageName: 'Pacote Fã' });
  });
});
