import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { files, galleries, galleryPhotos } from '../../db/schema/index.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { balanceOf } from '../../money/ledger/ledger.js';
import { client, type Gallery, type Photo } from './galleries.test-support.js';

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await createTestApp();
  api = client(t);
});
afterAll(() => t.close());

const creatorWithToken = async (values: { verifiedDocument?: boolean } = {}) => {
  const user = await createUser(t.ctx, { role: 'performer', ...values });
  return { user, token: await signIn(t.app, user.email) };
};
const fanWithToken = async (balanceCents = 0) => {
  const user = await createUser(t.ctx, { balanceCents });
  return { user, token: await signIn(t.app, user.email) };
};

describe('galleries', () => {
  it('a paid gallery stays locked until bought; then its buyer alone gets working photo links', async () => {
    const creator = await creatorWithToken();
    const fan = await fanWithToken(2000);
    const other = await fanWithToken(2000);

    const gallery = await api.createGallery(creator.token, { title: 'Praia', description: 'Verão', isSale: true, price: '7.50' });
    expect(gallery).toMatchObject({ title: 'Praia', isSale: true, price: 7.5, locked: false, isBought: false, numOfItems: 0, coverPhoto: null, performer: { _id: creator.user.id } });
    const photos = [await api.uploadPhoto(creator.token, gallery._id, 'Um'), await api.uploadPhoto(creator.token, gallery._id, 'Dois')];
    const creatorsLink = photos[0]!.url!;
    expect(creatorsLink).toMatch(/\/api\/media\/files\//);
    const cover = await api.call('POST', `/api/performer/performer-assets/photos/set-cover/${photos[1]!._id}`, creator.token, {});
    expect(cover.statusCode, cover.body).toBe(200);
    expect(cover.json().data).toMatchObject({ numOfItems: 2, coverPhoto: { _id: photos[1]!._id } });
    expect(cover.json().data.coverPhoto.sizes.large.url).toMatch(/\/api\/media\/files\//);

    // The fan sees the gallery, its price and placeholders; no photo link anywhere.
    const locked = (await api.call('GET', `/api/performer-assets/galleries/${gallery._id}`, fan.token)).json().data as Gallery;
    expect(locked).toMatchObject({ locked: true, isBought: false, price: 7.5, numOfItems: 2 });
    expect(locked.coverPhoto).toMatchObject({ url: null, sizes: null, placeholder: expect.stringMatching(/^data:image\/webp;base64,/) });
    const listed = (await api.call('GET', `/api/performer-assets/photos/${creator.user.username}?galleryId=${gallery._id}`, fan.token)).json().data;
    expect(listed.total).toBe(2);
    for (const photo of listed.data as Photo[]) {
      expect(photo).toMatchObject({ galleryId: gallery._id, url: null, sizes: null });
      expect(photo.placeholder).toMatch(/^data:image\/webp;base64,/);
    }
    const search = (await api.call('GET', `/api/performer-assets/galleries/search?performerId=${creator.user.id}`, null)).json().data;
    expect(search).toMatchObject({ total: 1, data: [{ _id: gallery._id, locked: true, coverPhoto: { url: null } }] });
    // The creator's own link is refused to the fan and to anyone signed out.
    expect((await api.fetchLink(creatorsLink, fan.token)).statusCode).toBe(403);
    expect((await api.fetchLink(creatorsLink, null)).statusCode).toBe(403);
    const [stored] = await t.ctx.db.select().from(files).where(eq(files.id, (await t.ctx.db.select().from(galleryPhotos).where(eq(galleryPhotos.id, photos[0]!._id)))[0]!.fileId));
    for (const variant of stored!.variants!) expect((await t.app.inject({ method: 'GET', url: `/files/${variant.path}` })).statusCode).toBe(404);

    // Bought once, for its price; a second purchase is refused and charges nothing.
    const buy = (key: string) => api.call('POST', `/api/wallet/charges/gallery/${gallery._id}`, fan.token, {}, { 'idempotency-key': key });
    const bought = await buy('gallery-1');
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(fan.user.id))).toBe(1250);
    const again = await buy('gallery-2');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('galleries.already_unlocked');
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(fan.user.id))).toBe(1250);
    // Its creator cannot buy it.
    const own = await api.call('POST', `/api/wallet/charges/gallery/${gallery._id}`, creator.token, {}, { 'idempotency-key': 'own-1' });
    expect(own.statusCode).toBe(422);

    const open = (await api.call('GET', `/api/performer-assets/galleries/${gallery._id}`, fan.token)).json().data as Gallery;
    expect(open).toMatchObject({ locked: false, isBought: true });
    expect(open.coverPhoto!.url).toMatch(/\/api\/media\/files\//);
    const unlocked = (await api.call('GET', `/api/performer-assets/photos/${creator.user.id}?galleryId=${gallery._id}`, fan.token)).json().data.data as Photo[];
    const link = unlocked[0]!.url!;
    const image = await api.fetchLink(link, fan.token);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await sharp(image.rawPayload).metadata()).exif).toBeUndefined();
    expect(image.rawPayload.includes('SpyCam')).toBe(false);
    // The buyer's link is theirs alone; the other fan's view stays locked.
    expect((await api.fetchLink(link, other.token)).statusCode).toBe(403);
    expect((await api.call('GET', `/api/performer-assets/galleries/${gallery._id}`, other.token)).json().data.locked).toBe(true);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('fans see published galleries only; drafts and draft photos are the creator’s', async () => {
    const creator = await creatorWithToken();
    const fan = await fanWithToken();
    const visible = await api.createGallery(creator.token, { title: 'Aberta' });
    const draft = await api.createGallery(creator.token, { title: 'Rascunho', status: 'draft' });
    const shown = await api.uploadPhoto(creator.token, visible._id);
    const hidden = await api.upload(creator.token, { galleryId: visible._id, status: 'draft' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    await api.uploadPhoto(creator.token, draft._id);

    const search = (await api.call('GET', `/api/performer-assets/galleries/search?performerId=${creator.user.id}`, fan.token)).json().data;
    expect(search.data.map((g: Gallery) => g._id)).toEqual([visible._id]);
    expect((await api.call('GET', `/api/performer-assets/galleries/${draft._id}`, fan.token)).statusCode).toBe(404);
    expect((await api.call('GET', `/api/performer-assets/galleries/${draft._id}`, null)).statusCode).toBe(404);
    // A free gallery is open to everyone, signed out too.
    expect((await api.call('GET', `/api/performer-assets/galleries/${visible._id}`, null)).json().data).toMatchObject({ locked: false, isBought: false });
    const photos = (await api.call('GET', `/api/performer-assets/photos/${creator.user.id}`, null)).json().data;
    expect(photos.data.map((p: Photo) => p._id)).toEqual([shown._id]);
    expect(photos.data[0].url).toMatch(/[?&]v=public/);
    // A draft photo as cover shows no cover to fans.
    await api.call('POST', `/api/performer/performer-assets/photos/set-cover/${hidden.json().data._id}`, creator.token, {});
    expect((await api.call('GET', `/api/performer-assets/galleries/${visible._id}`, fan.token)).json().data.coverPhoto).toBeNull();
    // A draft is not for sale either.
    const buyer = await fanWithToken(1000);
    const sale = await api.createGallery(creator.token, { title: 'À venda', status: 'draft', isSale: true, price: 3 });
    const res = await api.call('POST', `/api/wallet/charges/gallery/${sale._id}`, buyer.token, {}, { 'idempotency-key': 'draft-1' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('wallet.item_not_found');

    // The creator's own lists have everything.
    expect((await api.call('GET', '/api/performer/performer-assets/galleries/search', creator.token)).json().data.total).toBe(3);
    expect((await api.call('GET', '/api/performer/performer-assets/galleries/search?status=draft', creator.token)).json().data.total).toBe(2);
    expect((await api.call('GET', `/api/performer/performer-assets/galleries/${draft._id}/view`, creator.token)).json().data).toMatchObject({ status: 'draft', numOfItems: 1 });
    expect((await api.call('GET', `/api/performer/performer-assets/photos/search?galleryId=${visible._id}`, creator.token)).json().data.total).toBe(2);
    expect((await api.call('GET', '/api/performer-assets/photos/no.such.creator', null)).statusCode).toBe(404);
  });

  it('edits a gallery; another creator can neither see, edit, delete nor upload into it', async () => {
    const creator = await creatorWithToken();
    const rival = await creatorWithToken();
    const gallery = await api.createGallery(creator.token, { title: 'Original' });
    const photo = await api.uploadPhoto(creator.token, gallery._id);

    const edited = await api.call('PUT', `/api/performer/performer-assets/galleries/${gallery._id}`, creator.token, { title: 'Nova', isSale: true, price: 4, extra: 'ignored' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ title: 'Nova', isSale: true, price: 4, numOfItems: 1 });
    const free = await api.call('PUT', `/api/performer/performer-assets/galleries/${gallery._id}`, creator.token, { isSale: false });
    expect(free.json().data).toMatchObject({ isSale: false, price: 0 });

    const refusals = [
      await api.call('GET', `/api/performer/performer-assets/galleries/${gallery._id}/view`, rival.token),
      await api.call('PUT', `/api/performer/performer-assets/galleries/${gallery._id}`, rival.token, { title: 'x' }),
      await api.call('DELETE', `/api/performer/performer-assets/galleries/${gallery._id}`, rival.token),
      await api.upload(rival.token, { galleryId: gallery._id }),
    ];
    for (const res of refusals) expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 404, code: 'galleries.not_found' });
    // The refused upload left no file behind.
    expect((await t.ctx.db.select().from(files).where(eq(files.ownerId, rival.user.id))).length).toBe(0);
    for (const res of [
      await api.call('PUT', `/api/performer/performer-assets/photos/${photo._id}`, rival.token, { title: 'x' }),
      await api.call('POST', `/api/performer/performer-assets/photos/set-cover/${photo._id}`, rival.token, {}),
      await api.call('DELETE', `/api/performer/performer-assets/photos/${photo._id}`, rival.token),
    ]) {
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 404, code: 'photos.not_found' });
    }

    // Deleting the gallery takes its photos, their records and their stored sizes.
    const [file] = await t.ctx.db.select({ path: files.storagePath }).from(files).innerJoin(galleryPhotos, eq(galleryPhotos.fileId, files.id)).where(eq(galleryPhotos.id, photo._id));
    expect(existsSync(path.join(t.ctx.config.uploadsDir, file!.path))).toBe(true);
    expect((await api.call('DELETE', `/api/performer/performer-assets/galleries/${gallery._id}`, creator.token)).statusCode).toBe(200);
    expect((await api.call('DELETE', `/api/performer/performer-assets/galleries/${gallery._id}`, creator.token)).statusCode).toBe(404);
    expect(existsSync(path.join(t.ctx.config.uploadsDir, path.dirname(file!.path)))).toBe(false);
    expect(await t.ctx.db.select().from(galleryPhotos).where(eq(galleryPhotos.id, photo._id))).toEqual([]);
    expect(await t.ctx.db.select().from(galleries).where(eq(galleries.id, gallery._id))).toEqual([]);
  });

  it('refuses bad galleries with a code naming the problem', async () => {
    const creator = await creatorWithToken();
    const pending = await creatorWithToken({ verifiedDocument: false });
    const fan = await fanWithToken();
    const cases: [string, string | null, Record<string, unknown>, number, string, string?][] = [
      ['no title', creator.token, { description: 'x' }, 400, 'request.invalid', 'body.title'],
      ['a blank title', creator.token, { title: '   ' }, 400, 'request.invalid', 'body.title'],
      ['a title too long', creator.token, { title: 'x'.repeat(201) }, 400, 'request.invalid', 'body.title'],
      ['an unknown status', creator.token, { title: 'x', status: 'archived' }, 400, 'request.invalid', 'body.status'],
      ['for sale without a price', creator.token, { title: 'x', isSale: true }, 400, 'request.invalid', 'body.price'],
      ['for sale under 1.00', creator.token, { title: 'x', isSale: true, price: 0.99 }, 400, 'request.invalid', 'body.price'],
      ['a price with three decimals', creator.token, { title: 'x', isSale: true, price: '1.001' }, 400, 'request.invalid', 'body.price'],
      ['isSale not a boolean', creator.token, { title: 'x', isSale: 'maybe' }, 400, 'request.invalid', 'body.isSale'],
      ['for sale by a creator under review', pending.token, { title: 'x', isSale: true, price: 5 }, 422, 'performers.pending_approval'],
      ['by a fan', fan.token, { title: 'x' }, 403, 'auth.role_forbidden'],
      ['signed out', null, { title: 'x' }, 401, 'auth.sign_in_required'],
    ];
    for (const [what, who, body, status, code, field] of cases) {
      const res = await api.call('POST', '/api/performer/performer-assets/galleries', who, body);
      expect({ what, status: res.statusCode, code: res.json().code }).toEqual({ what, status, code });
      if (field) expect(res.json().fields, what).toContain(field);
    }
    // `""` for an optional field is absent.
    expect((await api.call('POST', '/api/performer/performer-assets/galleries', creator.token, { title: 'ok', price: '' })).statusCode).toBe(200);

    const gallery = await api.createGallery(creator.token, { title: 'x' });
    const bad: [string, string, unknown, number, string][] = [
      ['PUT', `/api/performer/performer-assets/galleries/${gallery._id}`, { title: '  ' }, 400, 'request.invalid'],
      ['PUT', `/api/performer/performer-assets/galleries/${gallery._id}`, { isSale: true, price: 0 }, 400, 'request.invalid'],
      ['PUT', `/api/performer/performer-assets/galleries/${'x'.repeat(65)}`, { title: 'y' }, 400, 'request.invalid'],
      ['GET', '/api/performer/performer-assets/galleries/0123456789abcdef01234567/view', undefined, 404, 'galleries.not_found'],
      ['GET', '/api/performer/performer-assets/galleries/search?sortBy=__proto__', undefined, 400, 'request.invalid'],
      ['GET', '/api/performer/performer-assets/galleries/search?limit=0', undefined, 400, 'request.invalid'],
      ['GET', '/api/performer-assets/galleries/search?sortBy=password', undefined, 400, 'request.invalid'],
      ['GET', '/api/performer-assets/galleries/search?sort=up', undefined, 400, 'request.invalid'],
      ['GET', '/api/performer-assets/galleries/0123456789abcdef01234567', undefined, 404, 'galleries.not_found'],
      ['DELETE', '/api/performer/performer-assets/galleries/0123456789abcdef01234567', undefined, 404, 'galleries.not_found'],
    ];
    for (const [method, url, body, status, code] of bad) {
      const res = await api.call(method as 'GET', url, creator.token, body);
      expect({ url, status: res.statusCode, code: res.json().code }).toEqual({ url, status, code });
    }
    // Sorting by a known column, and searching by title, work.
    const sorted = await api.call('GET', `/api/performer-assets/galleries/search?performerId=${creator.user.id}&sortBy=title&sort=asc&q=o%25k`, null);
    expect(sorted.json().data.total).toBe(0);
    expect((await api.call('GET', `/api/performer-assets/galleries/search?performerId=${creator.user.id}&sortBy=numOfItems&q=ok`, null)).json().data.total).toBe(1);

    // Buying a free gallery, or one that does not exist, is a 404 and moves nothing.
    const buyer = await fanWithToken(1000);
    for (const id of [gallery._id, '0123456789abcdef01234567']) {
      const res = await api.call('POST', `/api/wallet/charges/gallery/${id}`, buyer.token, {}, { 'idempotency-key': `free-${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('wallet.item_not_found');
    }
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(buyer.user.id))).toBe(1000);
  });
});

describe('hostile input', () => {
  it('is a 4xx with a code on every gallery and photo route, never a 5xx', async () => {
    const creator = await creatorWithToken();
    const gallery = await api.createGallery(creator.token, { title: 'Alvo' });
    const photo = await api.uploadPhoto(creator.token, gallery._id);
    const values: unknown[] = ['\u0000', 'x'.repeat(5000), -1, 1e308, '1e400', [], {}, null, true, { __proto__: { a: 1 } }, '💥'.repeat(300), '99999999999999999999'];
    const ids = ['%00', "'; drop table galleries;--", 'x'.repeat(65), '..%2F..%2Fetc', encodeURIComponent('ü\u0000')];
    const bodies = values.flatMap((v) => [
      { title: v },
      { title: 'ok', description: v },
      { title: 'ok', isSale: true, price: v },
      { title: 'ok', status: v },
      { galleryId: v, fileIds: [v] },
      { fileIds: v, galleryId: gallery._id },
    ]);
    const requests: [string, string, unknown?][] = [
      ...bodies.flatMap((body): [string, string, unknown][] => [
        ['POST', '/api/performer/performer-assets/galleries', body],
        ['PUT', `/api/performer/performer-assets/galleries/${gallery._id}`, body],
        ['PUT', `/api/performer/performer-assets/photos/${photo._id}`, body],
        ['POST', '/api/performer/performer-assets/photos', body],
      ]),
      ...ids.flatMap((id): [string, string][] => [
        ['GET', `/api/performer-assets/galleries/${id}`],
        ['GET', `/api/performer/performer-assets/galleries/${id}/view`],
        ['DELETE', `/api/performer/performer-assets/photos/${id}`],
        ['POST', `/api/performer/performer-assets/photos/set-cover/${id}`],
        ['GET', `/api/performer-assets/photos/${id}`],
        ['GET', `/api/performer-assets/galleries/search?performerId=${id}&q=${id}`],
        ['GET', `/api/performer/performer-assets/photos/search?galleryId=${id}&q=%25_%5C`],
      ]),
      ['GET', '/api/performer-assets/galleries/search?offset=-1'],
      ['GET', '/api/performer-assets/galleries/search?limit=abc&current=0'],
    ];
    for (const [method, url, body] of requests) {
      const res = await api.call(method as 'GET', url, creator.token, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
      if (res.statusCode >= 400) expect(res.json().code, `${method} ${url}`).toEqual(expect.any(String));
    }
    const multipart = await api.upload(creator.token, { galleryId: gallery._id, title: 'a\u0000b' });
    expect(multipart.statusCode).toBe(400);
    expect(multipart.json().code).toBe('request.nul_character');
    expect(await t.ctx.db.select().from(galleryPhotos).where(eq(galleryPhotos.galleryId, gallery._id))).toHaveLength(1);
  });
});
