// api-contract.md section 7, "Observed a week later": the products and orders calls of the
// specification (platform-spec.md section 7, "Products and orders"; wallet charges
// `product/{id}`), called exactly as an existing client calls them: JSON with
// `Content-Type: application/json` on every call, optional values sent as `""`, whole
// objects sent back, money actions without an Idempotency-Key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../test/helpers.js';
import { productsClient, ADDRESS, type Product } from './domains/products/products.test-support.js';
import { walletOf } from './domains/wallet/wallet-test-kit.js';

let t: TestApp;
let api: ReturnType<typeof productsClient>;
beforeAll(async () => {
  t = await createTestApp();
  api = productsClient(t);
});
afterAll(() => t.close());

const JSON_HEADERS = { 'content-type': 'application/json' };
/** An existing client's call: JSON content type always, the token as the raw Authorization value, no Idempotency-Key. */
const client = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, body?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...JSON_HEADERS, ...(token ? { authorization: token } : {}) },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });

describe('products and orders, as an existing client calls them', () => {
  it('a creator manages products; a fan browses, buys and follows the order; the creator ships it', async () => {
    const creator = await api.creator();
    const fan = await api.fan(20_000);

    // POST multipart (the one call with files), the creator's list, view, edit with the whole object back.
    const shirt = await api.physical(creator.token, { stock: '2', description: '' });
    const ebook = await api.digital(creator.token, { stock: '' });
    const mine = await client('GET', '/performer/performer-assets/products/search?q=&status=&type=&current=1&pageSize=10&sortBy=updatedAt&sort=desc', creator.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ status: 0, data: { total: 2 } });
    const view = await client('GET', `/performer/performer-assets/products/${shirt._id}/view`, creator.token);
    expect(view.statusCode).toBe(200);
    const edited = await client('PUT', `/performer/performer-assets/products/${shirt._id}`, creator.token, { ...view.json().data, name: 'Camiseta M', stock: 2 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Camiseta M', price: 25, stock: 2, type: 'physical' });

    // Public search with empty filters, then one product, with isBought and the image.
    const search = await client('GET', `/performer-assets/products/search?performerId=${creator.user.id}&q=&type=&offset=0&limit=12&sortBy=updatedAt&sort=desc`, fan.token);
    expect(search.statusCode, search.body).toBe(200);
    const listed = search.json().data as { data: Product[]; total: number };
    expect(listed.total).toBe(2);
    for (const product of listed.data) expect(product).toMatchObject({ isBought: false, image: expect.stringMatching(/^http/) });
    const anonymous = await client('GET', `/performer-assets/products/${ebook._id}`, null);
    expect(anonymous.json().data).toMatchObject({ _id: ebook._id, type: 'digital', isBought: false, price: 9.9 });

    // The digital product: a body-less charge, then the download link.
    const empty = await t.app.inject({ method: 'POST', url: `/api/wallet/charges/product/${ebook._id}`, headers: { ...JSON_HEADERS, authorization: fan.token } });
    expect(empty.statusCode, empty.body).toBe(200);
    const link = await client('GET', `/performer-assets/products/${ebook._id}/download-link`, fan.token);
    expect(link.statusCode).toBe(200);
    expect((await api.fetchLink(link.json().data.downloadLink, fan.token)).statusCode).toBe(200);
    expect((await client('GET', `/performer-assets/products/${ebook._id}`, fan.token)).json().data.isBought).toBe(true);

    // The physical product: quantity sent as "" means 1; blank address fields are absent.
    const bought = await client('POST', `/wallet/charges/product/${shirt._id}`, fan.token, { quantity: '', deliveryAddress: { ...ADDRESS, ward: '', description: '' } });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().data).toMatchObject({ status: 'success', target: 'product', price: 25 });
    expect(await walletOf(t.ctx, fan.user.id)).toBe(20_000 - 990 - 2500);

    const purchases = await client('GET', '/orders/users/search?deliveryStatus=&productType=&current=1&pageSize=10&sortBy=updatedAt&sort=desc', fan.token);
    expect(purchases.statusCode, purchases.body).toBe(200);
    expect(purchases.json().data.total).toBe(2);
    const physicalOrder = (purchases.json().data.data as { _id: string; productId: string; deliveryAddress: unknown }[]).find((o) => o.productId === shirt._id)!;
    expect(physicalOrder.deliveryAddress).toEqual(ADDRESS);
    const readdressed = await client('PUT', `/orders/${physicalOrder._id}/update/delivery-address`, fan.token, { deliveryAddress: { ...ADDRESS, streetNumber: '7' } });
    expect(readdressed.statusCode, readdressed.body).toBe(200);

    const sales = await client('GET', '/orders/search?q=&deliveryStatus=&sortBy=updatedAt&sort=desc', creator.token);
    expect(sales.statusCode).toBe(200);
    expect(sales.json().data.total).toBe(2);
    const one = await client('GET', `/orders/${physicalOrder._id}`, creator.token);
    expect(one.json().data).toMatchObject({ deliveryStatus: 'created', userInfo: { _id: fan.user.id }, performerInfo: { _id: creator.user.id } });
    const shipped = await client('PUT', `/orders/${physicalOrder._id}/update`, creator.token, { ...one.json().data, deliveryStatus: 'shipping', shippingCode: 'BR1' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().data).toMatchObject({ deliveryStatus: 'shipping', shippingCode: 'BR1' });
    expect((await client('GET', `/orders/${physicalOrder._id}`, fan.token)).json().data.deliveryStatus).toBe('shipping');

    // Delete: gone from the shop, the orders stay.
    expect((await client('DELETE', `/performer/performer-assets/products/${shirt._id}`, creator.token)).statusCode).toBe(200);
    expect((await client('GET', `/performer-assets/products/${shirt._id}`, fan.token)).statusCode).toBe(404);
    expect((await client('GET', `/orders/${physicalOrder._id}`, fan.token)).json().data).toMatchObject({ productId: null, productInfo: { name: 'Camiseta M' } });
  });

  it('refusals carry the envelope of errors with a code: 401 signed out, 403 not bought, 404 unknown, 409 sold out', async () => {
    const creator = await api.creator();
    const fan = await api.fan(10_000);
    const ebook = await api.digital(creator.token);
    const signedOut = await client('GET', `/performer-assets/products/${ebook._id}/download-link`, null);
    expect(signedOut.statusCode).toBe(401);
    const notBought = await client('GET', `/performer-assets/products/${ebook._id}/download-link`, fan.token);
    expect(notBought.statusCode).toBe(403);
    expect(notBought.json()).toMatchObject({ statusCode: 403, code: 'products.not_bought', error: expect.any(String), message: expect.any(String) });
    expect((await client('GET', '/performer-assets/products/unknown', fan.token)).json()).toMatchObject({ statusCode: 404, code: 'products.not_found' });
    expect((await client('GET', '/orders/unknown', fan.token)).json()).toMatchObject({ statusCode: 404, code: 'orders.not_found' });
    const last = await api.physical(creator.token, { stock: '1' });
    expect((await client('POST', `/wallet/charges/product/${last._id}`, fan.token, { deliveryAddress: ADDRESS })).statusCode).toBe(200);
    expect((await client('POST', `/wallet/charges/product/${last._id}`, fan.token, { deliveryAddress: ADDRESS })).json()).toMatchObject({ statusCode: 409, code: 'products.out_of_stock' });
    const admin = await signIn(t.app, (await createUser(t.ctx, { role: 'admin' })).email);
    expect((await client('GET', '/orders/search', admin)).statusCode).toBe(403);
  });
});
