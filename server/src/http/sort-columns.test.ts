import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const fan = await createUser(t.ctx, { role: 'user' });
  token = await signIn(t.app, fan.email!);
});
afterAll(() => t.close());

/** Every list that sorts, with one column it does sort by. */
const lists = [
  { url: '/api/performers/search', column: 'createdAt' },
  { url: '/api/wallet/charges/search', column: 'price' },
  { url: '/api/payment/transactions/user/search', column: 'amount' },
];

describe('sortBy', () => {
  it('accepts only the columns a list sorts by: property names of objects are a 400 naming the field, never a 500', async () => {
    for (const { url } of lists) {
      for (const sortBy of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'passwordHash', 'updatedAt;drop table users']) {
        const res = await t.app.inject({ method: 'GET', url: `${url}?sortBy=${encodeURIComponent(sortBy)}`, headers: { authorization: token } });
        expect(res.statusCode, `${url} sortBy=${sortBy}`).toBe(400);
        expect(res.json(), `${url} sortBy=${sortBy}`).toMatchObject({ code: 'request.invalid', fields: ['querystring.sortBy'] });
      }
    }
  });

  it('sorts by a known column either way', async () => {
    for (const { url, column } of lists) {
      for (const sort of ['asc', 'desc']) {
        const res = await t.app.inject({ method: 'GET', url: `${url}?sortBy=${column}&sort=${sort}`, headers: { authorization: token } });
        expect(res.statusCode, `${url} ${column} ${sort}`).toBe(200);
      }
    }
  });
});
