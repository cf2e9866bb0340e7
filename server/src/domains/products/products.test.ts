import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, multipartForm, signIn, type TestApp } from '../../../test/helpers.js';
import { files, orders, products } from '../../db/schema/index.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { earningsOf, walletOf } from '../wallet/wallet-test-kit.js';
import { ADDRESS, PDF, png, productsClient, type Product } from './products.test-support.js';

let t: TestApp;
let api: ReturnType<typeof productsClient>;
beforeAll(async () => {
  t = await createTestApp();
  api = productsClient(t);
});
afterAll(() => t.close());

describe('products: the creator’s shop', () => {
  it('creates, lists, views, edits and deletes; fans see active ones only', async () => {
    const creator = await api.creator();
    const fan = await api.fan();
    const shirt = await api.physical(creator.token);
    expect(shirt).toMatchObject({ name: 'Camiseta', type: 'physical', status: 'active', price: 25, stock: 3, isBought: false, hasDigitalFile: false, performer: { _id: creator.user.id } });
    // A public picture, under the path the site serves processed images from (site.ts).
    expect(shirt.image).toMatch(/^http:\/\/fandeck\.test\/files\/images\/[\w-]+\/[0-9a-f]+\/large\.webp$/);
    const hidden = await api.physical(creator.token, { name: 'Rascunho', status: 'inactive' });

    const mine = (await api.call('GET', '/api/performer/performer-assets/products/search', creator.token)).json().data;
    expect(mine.total).toBe(2);
    const view = await api.call('GET', `/api/performer/performer-assets/products/${hidden._id}/view`, creator.token);
    expect(view.statusCode, view.body).toBe(200);

    const fans = (await api.call('GET', `/api/performer-assets/products/search?performerId=${creator.user.id}&q=cami&sortBy=updatedAt&sort=desc`, fan.token)).json().data;
    expect(fans).toMatchObject({ total: 1, data: [{ _id: shirt._id }] });
    expect((await api.call('GET', `/api/performer-assets/products/${hidden._id}`, fan.token)).statusCode).toBe(404);
    expect((await api.call('GET', `/api/performer-assets/products/${shirt._id}`, null)).json().data).toMatchObject({ _id: shirt._id, isBought: false });

    // The profile counts active products.
    const profile = (await api.call('GET', `/api/performers/${creator.user.username}`, null)).json().data;
    expect(profile.stats.totalProducts).toBe(1);

    const edited = await api.call('PUT', `/api/performer/performer-assets/products/${shirt._id}`, creator.token, { name: 'Camiseta azul', price: '30.50', stock: 5, type: 'digital' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Camiseta azul', price: 30.5, stock: 5, type: 'physical' });

    const removed = await api.call('DELETE', `/api/performer/performer-assets/products/${hidden._id}`, creator.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await api.call('GET', `/api/performer/performer-assets/products/${hidden._id}/view`, creator.token)).statusCode).toBe(404);
  });

  it('refuses other creators, fans, unapproved creators, a digital product without its file and bad prices', async () => {
    const owner = await api.creator();
    const other = await api.creator();
    const fan = await api.fan();
    const shirt = await api.physical(owner.token);
    for (const [method, url, body] of [
      ['PUT', `/api/performer/performer-assets/products/${shirt._id}`, { name: 'Meu' }],
      ['GET', `/api/performer/performer-assets/products/${shirt._id}/view`, undefined],
      ['DELETE', `/api/performer/performer-assets/products/${shirt._id}`, undefined],
    ] as const) {
      const res = await api.call(method, url, other.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('products.not_found');
      expect((await api.call(method, url, fan.token, body)).statusCode).toBe(403);
    }
    expect((await api.call('GET', `/api/performer-assets/products/${shirt._id}`, null)).json().data.name).toBe('Camiseta');

    const unapproved = await api.creator({ verifiedDocument: false });
    const refused = await api.createForm(unapproved.token, { name: 'X', price: '5', type: 'physical', stock: '1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('performers.not_verified');

    const noFile = await api.createForm(owner.token, { name: 'E-book', price: '5', type: 'digital' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().code).toBe('products.file_required');
    const cheap = await api.createForm(owner.token, { name: 'X', price: '0.50', type: 'physical', stock: '1' });
    expect(cheap.statusCode).toBe(400);
    const wrongType = await api.createForm(owner.token, { name: 'X', price: '5', type: 'service' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fields).toContain('body.type');
  });
});

describe('editing a product with new files', () => {
  it('a multipart PUT replaces the picture and the digital file; the old ones are deleted', async () => {
    const creator = await api.creator();
    const buyer = await api.fan(5000);
    const ebook = await api.digital(creator.token);
    expect((await api.buy(buyer.token, ebook._id)).statusCode).toBe(200);
    const form = multipartForm([
      { name: 'name', data: 'E-book 2ª edição' },
      { name: 'image', filename: 'cover.png', contentType: 'image/png', data: await png() },
      { name: 'digitalFile', filename: 'v2.pdf', contentType: 'application/pdf', data: Buffer.concat([PDF, Buffer.from('% v2\n')]) },
    ]);
    const res = await t.app.inject({ method: 'PUT', url: `/api/performer/performer-assets/products/${ebook._id}`, payload: form.payload, headers: { ...form.headers, authorization: creator.token } });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json().data as Product;
    expect(edited.name).toBe('E-book 2ª edição');
    expect(edited.image).not.toBe(ebook.image);
    expect(edited.digitalFileId).not.toBe(ebook.digitalFileId);
    const old = await t.ctx.db.select().from(files).where(inArray(files.id, [ebook.digitalFileId!]));
    expect(old).toHaveLength(0);
    // The buyer downloads the new file.
    const link = (await api.call('GET', `/api/performer-assets/products/${ebook._id}/download-link`, buyer.token)).json().data.downloadLink as string;
    const file = await api.fetchLink(link, buyer.token);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('% v2');

    const notAnImage = multipartForm([{ name: 'image', filename: 'x.png', contentType: 'image/png', data: PDF }]);
    const refused = await t.app.inject({ method: 'PUT', url: `/api/performer/performer-assets/products/${ebook._id}`, payload: notAnImage.payload, headers: { ...notAnImage.headers, authorization: creator.token } });
    expect(refused.statusCode).toBe(415);
  });
});

describe('buying a digital product', () => {
  it('the buyer alone gets a working download link; the order is delivered at once', async () => {
    const creator = await api.creator();
    const buyer = await api.fan(5000);
    const other = await api.fan(5000);
    const ebook = await api.digital(creator.token);
    expect(ebook).toMatchObject({ hasDigitalFile: true, digitalFileId: expect.any(String) });

    const before = await api.call('GET', `/api/performer-assets/products/${ebook._id}/download-link`, buyer.token);
    expect(before.statusCode).toBe(403);
    expect(before.json().code).toBe('products.not_bought');

    const bought = await api.buy(buyer.token, ebook._id);
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().data).toMatchObject({ target: 'product', targetId: ebook._id, price: 9.9 });
    expect(await walletOf(t.ctx, buyer.user.id)).toBe(5000 - 990);
    expect(await earningsOf(t.ctx, creator.user.id)).toBe(792);

    const seen = (await api.call('GET', `/api/performer-assets/products/${ebook._id}`, buyer.token)).json().data as Product;
    expect(seen).toMatchObject({ isBought: true, digitalFileId: null });
    const link = await api.call('GET', `/api/performer-assets/products/${ebook._id}/download-link`, buyer.token);
    expect(link.statusCode, link.body).toBe(200);
    const url = link.json().data.downloadLink as string;
    expect(url).toMatch(/^http:\/\/fandeck\.test\/api\/media\/files\/[^/]+\/download\?/);
    expect(url).not.toContain(buyer.token);
    const file = await api.fetchLink(url, buyer.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // The link is the buyer's: useless to anyone else, or signed out.
    expect((await api.fetchLink(url, other.token)).statusCode).toBe(403);
    expect((await api.fetchLink(url, null)).statusCode).toBe(403);
    expect((await api.call('GET', `/api/performer-assets/products/${ebook._id}/download-link`, other.token)).statusCode).toBe(403);
    expect((await api.call('GET', `/api/performer-assets/products/${ebook._id}/download-link`, creator.token)).statusCode).toBe(200);

    const mine = (await api.call('GET', '/api/orders/users/search', buyer.token)).json().data;
    expect(mine).toMatchObject({ total: 1, data: [{ productId: ebook._id, deliveryStatus: 'delivered', quantity: 1, totalPrice: 9.9, productInfo: { name: 'E-book', type: 'digital' } }] });
    const address = await api.call('PUT', `/api/orders/${mine.data[0]._id}/update/delivery-address`, buyer.token, { deliveryAddress: ADDRESS });
    expect(address.statusCode).toBe(409);
    expect(address.json().code).toBe('orders.address_locked');
  });
});

describe('buying a physical product', () => {
  it('needs an address; makes an order the seller ships and the buyer readdresses until it ships', async () => {
    const creator = await api.creator();
    const buyer = await api.fan(10_000);
    const stranger = await api.creator();
    const shirt = await api.physical(creator.token, { stock: '5' });

    const noAddress = await api.buy(buyer.token, shirt._id, { quantity: 2 });
    expect(noAddress.statusCode).toBe(422);
    expect(noAddress.json().code).toBe('orders.address_required');

    const bought = await api.buy(buyer.token, shirt._id, { quantity: 2, deliveryAddress: ADDRESS });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().data.price).toBe(50);
    const [stock] = await t.ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, shirt._id));
    expect(stock!.stock).toBe(3);

    const sales = (await api.call('GET', '/api/orders/search', creator.token)).json().data;
    expect(sales.total).toBe(1);
    const order = sales.data[0];
    expect(order).toMatchObject({ buyerId: buyer.user.id, sellerId: creator.user.id, quantity: 2, unitPrice: 25, totalPrice: 50, deliveryStatus: 'created', deliveryAddress: ADDRESS, shippingCode: '' });
    expect(order.productInfo.image).toMatch(/\/files\/images\//);

    // Buyer, seller: yes; anyone else: no.
    expect((await api.call('GET', `/api/orders/${order._id}`, buyer.token)).statusCode).toBe(200);
    expect((await api.call('GET', `/api/orders/${order._id}`, stranger.token)).statusCode).toBe(404);
    expect((await api.call('PUT', `/api/orders/${order._id}/update`, stranger.token, { deliveryStatus: 'shipping' })).statusCode).toBe(404);
    expect((await api.call('PUT', `/api/orders/${order._id}/update`, buyer.token, { deliveryStatus: 'shipping' })).statusCode).toBe(403);
    expect((await api.call('PUT', `/api/orders/${order._id}/update/delivery-address`, creator.token, { deliveryAddress: ADDRESS })).statusCode).toBe(404);

    const moved = await api.call('PUT', `/api/orders/${order._id}/update/delivery-address`, buyer.token, { deliveryAddress: { ...ADDRESS, streetNumber: '99' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.deliveryAddress.streetNumber).toBe('99');

    const processing = await api.call('PUT', `/api/orders/${order._id}/update`, creator.token, { deliveryStatus: 'processing' });
    expect(processing.statusCode, processing.body).toBe(200);
    const shipping = await api.call('PUT', `/api/orders/${order._id}/update`, creator.token, { deliveryStatus: 'shipping', shippingCode: 'BR123456789' });
    expect(shipping.json().data).toMatchObject({ deliveryStatus: 'shipping', shippingCode: 'BR123456789' });
    const back = await api.call('PUT', `/api/orders/${order._id}/update`, creator.token, { deliveryStatus: 'created' });
    expect(back.statusCode).toBe(422);
    expect(back.json().code).toBe('orders.invalid_transition');
    const locked = await api.call('PUT', `/api/orders/${order._id}/update/delivery-address`, buyer.token, { deliveryAddress: ADDRESS });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('orders.address_locked');
    const unknown = await api.call('PUT', `/api/orders/${order._id}/update`, creator.token, { deliveryStatus: 'lost' });
    expect(unknown.statusCode).toBe(400);
    const delivered = await api.call('PUT', `/api/orders/${order._id}/update`, creator.token, { deliveryStatus: 'delivered' });
    expect(delivered.json().data.deliveryStatus).toBe('delivered');
  });

  it('a refunded order gives the money back and the stock too', async () => {
    const creator = await api.creator();
    const buyer = await api.fan(10_000);
    const shirt = await api.physical(creator.token, { stock: '2' });
    expect((await api.buy(buyer.token, shirt._id, { deliveryAddress: ADDRESS })).statusCode).toBe(200);
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.buyerId, buyer.user.id));
    const refunded = await api.call('PUT', `/api/orders/${order!.id}/update`, creator.token, { deliveryStatus: 'refunded' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await walletOf(t.ctx, buyer.user.id)).toBe(10_000);
    expect(await earningsOf(t.ctx, creator.user.id)).toBe(0);
    const [row] = await t.ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, shirt._id));
    expect(row!.stock).toBe(2);
    expect((await api.call('PUT', `/api/orders/${order!.id}/update`, creator.token, { deliveryStatus: 'delivered' })).statusCode).toBe(422);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('staff with order.view read any order; inactive and sold-out products are refused', async () => {
    const creator = await api.creator();
    const buyer = await api.fan(10_000);
    const shirt = await api.physical(creator.token, { stock: '1' });
    expect((await api.buy(buyer.token, shirt._id, { deliveryAddress: ADDRESS })).statusCode).toBe(200);
    const soldOut = await api.buy(buyer.token, shirt._id, { deliveryAddress: ADDRESS });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().code).toBe('products.out_of_stock');
    const tooMany = await api.buy(buyer.token, (await api.physical(creator.token, { stock: '2' }))._id, { quantity: 3, deliveryAddress: ADDRESS });
    expect(tooMany.json().code).toBe('products.out_of_stock');

    const off = await api.physical(creator.token, { status: 'inactive' });
    const inactive = await api.buy(buyer.token, off._id, { deliveryAddress: ADDRESS });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().code).toBe('products.unavailable');
    expect((await api.buy(buyer.token, 'nope', {})).statusCode).toBe(404);
    const own = await api.buy(creator.token, (await api.physical(creator.token))._id, { deliveryAddress: ADDRESS });
    expect(own.statusCode).toBe(422);
    expect(own.json().code).toBe('wallet.self_purchase');

    const admin = await createUser(t.ctx, { role: 'admin' });
    const adminToken = await signIn(t.app, admin.email);
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.buyerId, buyer.user.id));
    expect((await api.call('GET', `/api/orders/${order!.id}`, adminToken)).statusCode).toBe(200);
  });
});
