/**
 * A blocked fan sees nothing of the creator across the content domains (profile, creator
 * lists, galleries, photos, videos, reels), and everything again once unblocked; the
 * profile's totals count what fans can see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../test/helpers.js';
import { client } from '../domains/galleries/galleries.test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('blocks across content', () => {
  it('hides the creator’s profile, listings and galleries from a fan they blocked, until unblocked; totals count published photos', async () => {
    const api = client(t);
    const creator = await createUser(t.ctx, { role: 'performer' });
    const creatorToken = await signIn(t.app, creator.email);
    const fan = await createUser(t.ctx);
    const fanToken = await signIn(t.app, fan.email);

    const gallery = await api.createGallery(creatorToken, { title: 'Praia' });
    await api.uploadPhoto(creatorToken, gallery._id);
    await api.uploadPhoto(creatorToken, gallery._id);
    const draft = await api.createGallery(creatorToken, { title: 'Rascunho', status: 'draft' });
    await api.uploadPhoto(creatorToken, draft._id);

    const seen = async () => ({
      profile: (await api.call('GET', `/api/performers/${creator.id}`, fanToken)).statusCode,
      search: ((await api.call('GET', `/api/performers/search?limit=50`, fanToken)).json().data.data as { _id: string }[]).some((p) => p._id === creator.id),
      top: ((await api.call('GET', `/api/performers/top?limit=50`, fanToken)).json().data.data as { _id: string }[]).some((p) => p._id === creator.id),
      galleries: (await api.call('GET', `/api/performer-assets/galleries/search?performerId=${creator.id}`, fanToken)).json().data.total as number,
      gallery: (await api.call('GET', `/api/performer-assets/galleries/${gallery._id}`, fanToken)).statusCode,
      photos: (await api.call('GET', `/api/performer-assets/photos/${creator.id}`, fanToken)).json().data.total as number,
      videos: (await api.call('GET', `/api/performer-assets/videos/search?performerId=${creator.id}`, fanToken)).statusCode,
      reels: (await api.call('GET', `/api/performer-assets/user/reels/search?performerId=${creator.id}`, fanToken)).statusCode,
    });
    expect(await seen()).toEqual({ profile: 200, search: true, top: true, galleries: 1, gallery: 200, photos: 2, videos: 200, reels: 200 });
    const profile = (await api.call('GET', `/api/performers/${creator.id}`, fanToken)).json().data;
    // The draft gallery's photo is not counted.
    expect(profile.stats).toMatchObject({ totalPhotos: 2, totalVideos: 0 });

    expect((await api.call('POST', '/api/block/users', creatorToken, { targetId: fan.id })).statusCode).toBe(200);
    expect(await seen()).toEqual({ profile: 404, search: false, top: false, galleries: 0, gallery: 404, photos: 0, videos: 200, reels: 200 });
    // Nor can the fan buy from them.
    const paid = await api.createGallery(creatorToken, { title: 'Paga', isSale: true, price: 5 });
    const buy = await api.call('POST', `/api/wallet/charges/gallery/${paid._id}`, fanToken, {}, { 'idempotency-key': 'blocked-buy' });
    expect(buy.statusCode).toBe(403);
    expect(buy.json().code).toBe('blocks.blocked');
    // Someone else still sees everything.
    const other = await createUser(t.ctx);
    expect((await api.call('GET', `/api/performers/${creator.id}`, await signIn(t.app, other.email))).statusCode).toBe(200);

    expect((await api.call('DELETE', `/api/block/users/${fan.id}`, creatorToken)).statusCode).toBe(200);
    expect(await seen()).toEqual({ profile: 200, search: true, top: true, galleries: 2, gallery: 200, photos: 2, videos: 200, reels: 200 });
  });
});
