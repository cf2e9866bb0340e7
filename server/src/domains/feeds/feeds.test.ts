import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { feeds, files, performers } from '../../db/schema/index.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { balanceOf } from '../../money/ledger/ledger.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { MEDIA_LINK_TTL_SECONDS, signMediaPath } from '../../media/signed-links.js';
import { client as galleries } from '../galleries/galleries.test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Feed = {
  _id: string;
  locked: boolean;
  isBought: boolean;
  price: number;
  status: string;
  files: { _id: string; url: string | null; sizes: Record<string, { url: string }> | null; placeholder: string | null }[];
};

function multipart(data: Buffer) {
  const boundary = '----fandeck' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="IMG_1.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#357' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SpyCam' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 0/1' } })
    .toBuffer();

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, ...(payload !== undefined ? { payload: payload as object } : {}), headers: { ...headers, ...(token ? { authorization: token } : {}) } });

async function uploadPhoto(token: string): Promise<string> {
  const body = multipart(await photo());
  const res = await t.app.inject({ method: 'POST', url: '/api/performer/feeds/photo/upload', payload: body.payload, headers: { ...body.headers, authorization: token } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id;
}

/** The path and query of a link, fetched through the app as `token`'s holder. */
const fetchLink = (url: string, token: string | null) => {
  const link = new URL(url);
  return t.app.inject({ method: 'GET', url: link.pathname + link.search, headers: token ? { authorization: token } : {} });
};

describe('posts', () => {
  it('a paid photo post stays locked until bought, by every URL; then only its buyer can load it, and not for long', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    const creatorToken = await signIn(t.app, creator.email);
    const fan = await createUser(t.ctx, { balanceCents: 2000 });
    const fanToken = await signIn(t.app, fan.email);
    const other = await createUser(t.ctx, { balanceCents: 2000 });
    const otherToken = await signIn(t.app, other.email);

    const fileIds = [await uploadPhoto(creatorToken), await uploadPhoto(creatorToken)];
    const created = await call('POST', '/api/performer/feeds', creatorToken, { type: 'photo', text: 'Bastidores', isSale: true, price: 5, fileIds });
    expect(created.statusCode, created.body).toBe(200);
    const post = created.json().data as Feed;
    // Its creator sees it in full.
    expect(post).toMatchObject({ locked: false, price: 5, isBought: false });
    const creatorsLink = post.files[0]!.url!;
    expect(creatorsLink).toMatch(/\/api\/media\/files\//);

    // The fan sees the post, its price and the blurred placeholders, not the photos.
    const locked = (await call('GET', `/api/user/feeds/${post._id}`, fanToken)).json().data as Feed;
    expect(locked).toMatchObject({ locked: true, isBought: false, price: 5 });
    expect(locked.files).toHaveLength(2);
    for (const file of locked.files) {
      expect(file.url).toBeNull();
      expect(file.sizes).toBeNull();
      expect(file.placeholder).toMatch(/^data:image\/webp;base64,/);
    }
    // No URL gives the fan the bytes: not the public files route, not the creator's link,
    // not a link without or with a forged signature.
    const [stored] = await t.ctx.db.select().from(files).where(eq(files.id, fileIds[0]!));
    for (const variant of stored!.variants!) expect((await t.app.inject({ method: 'GET', url: `/files/${variant.path}` })).statusCode).toBe(404);
    expect((await fetchLink(creatorsLink, fanToken)).statusCode).toBe(403);
    expect((await fetchLink(creatorsLink, null)).statusCode).toBe(403);
    expect((await call('GET', `/api/media/files/${fileIds[0]}/large`, fanToken)).statusCode).toBe(400);
    const forged = new URL(creatorsLink);
    forged.searchParams.set('v', fan.id);
    expect((await fetchLink(forged.toString(), fanToken)).statusCode).toBe(403);

    // Bought once; a second purchase is refused and charges nothing.
    const buy = (key: string) => call('POST', `/api/wallet/charges/feed/${post._id}`, fanToken, {}, { 'idempotency-key': key });
    const bought = await buy('unlock-1');
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(fan.id))).toBe(1500);
    const again = await buy('unlock-2');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('feeds.already_unlocked');
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(fan.id))).toBe(1500);

    const open = (await call('GET', `/api/user/feeds/${post._id}`, fanToken)).json().data as Feed;
    expect(open).toMatchObject({ locked: false, isBought: true });
    const link = open.files[0]!.url!;
    const image = await fetchLink(link, fanToken);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, max-age=600');
    expect((await sharp(image.rawPayload).metadata()).exif).toBeUndefined();
    expect(image.rawPayload.includes('SpyCam')).toBe(false);
    // The buyer's link is theirs alone.
    expect((await fetchLink(link, otherToken)).statusCode).toBe(403);
    expect((await fetchLink(link, null)).statusCode).toBe(403);
    // And it stops working: a link made eleven minutes ago is expired now.
    const old = signMediaPath(t.ctx.config.mediaUrlSecret, fileIds[0]!, 'large', fan.id, Date.now() - (MEDIA_LINK_TTL_SECONDS + 60) * 1000);
    const expired = await t.app.inject({ method: 'GET', url: old, headers: { authorization: fanToken } });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('media.link_invalid');
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('fans see published posts only: no drafts, nothing scheduled for later', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    const token = await signIn(t.app, creator.email);
    const publish = async (body: Record<string, unknown>) => (await call('POST', '/api/performer/feeds', token, { type: 'text', ...body })).json().data as Feed;
    const visible = await publish({ text: 'Bom dia' });
    const draft = await publish({ text: 'Rascunho', status: 'draft' });
    const later = await publish({ text: 'Amanhã', scheduledAt: new Date(Date.now() + 86_400_000).toISOString() });
    const past = await publish({ text: 'Ontem', scheduledAt: new Date(Date.now() - 60_000).toISOString() });

    const fan = await createUser(t.ctx);
    const fanToken = await signIn(t.app, fan.email);
    const listed = (await call('GET', `/api/user/feeds/search/${creator.username}`, fanToken)).json().data;
    expect(listed.data.map((f: Feed) => f._id).sort()).toEqual([visible._id, past._id].sort());
    expect(listed.total).toBe(2);
    for (const hidden of [draft, later]) expect((await call('GET', `/api/user/feeds/${hidden._id}`, fanToken)).statusCode).toBe(404);
    // Signed out, the same.
    expect((await call('GET', `/api/user/feeds/search/${creator.username}`, null)).json().data.total).toBe(2);
    // The creator's own list has all four.
    expect((await call('GET', '/api/performer/feeds', token)).json().data.total).toBe(4);
    // A free post is open to everyone.
    expect((await call('GET', `/api/user/feeds/${visible._id}`, null)).json().data).toMatchObject({ locked: false, isBought: false });
    expect((await call('GET', '/api/user/feeds/search/no.such.creator', null)).statusCode).toBe(404);
  });

  it('the profile’s totalPhotos counts the pictures of published posts with the gallery photos; a draft’s are not counted', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    const token = await signIn(t.app, creator.email);
    const gallery = await galleries(t).createGallery(token, { title: 'Praia' });
    await galleries(t).uploadPhoto(token, gallery._id);
    const post = async (count: number, extra: Record<string, unknown> = {}) => {
      const fileIds = [];
      for (let i = 0; i < count; i += 1) fileIds.push(await uploadPhoto(token));
      const res = await call('POST', '/api/performer/feeds', token, { type: 'photo', text: 'Fotos', fileIds, ...extra });
      expect(res.statusCode, res.body).toBe(200);
    };
    await post(2);
    await post(1, { status: 'draft' });
    await call('POST', '/api/performer/feeds', token, { type: 'text', text: 'Sem foto' });
    const stats = async () => (await call('GET', `/api/performers/${creator.username}`, null)).json().data.stats;
    expect(await stats()).toMatchObject({ totalPhotos: 3, totalFeeds: 2 });
  });

  it('edits and deletes a post; the post count never goes below zero', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    const token = await signIn(t.app, creator.email);
    const fileId = await uploadPhoto(token);
    const post = (await call('POST', '/api/performer/feeds', token, { type: 'photo', fileIds: [fileId] })).json().data as Feed;
    const edited = await call('PUT', `/api/performer/feeds/${post._id}`, token, { text: 'Nova legenda', isSale: true, price: '7.50' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ text: 'Nova legenda', isSale: true, price: 7.5 });

    // Another creator can neither edit nor delete it.
    const rival = await createUser(t.ctx, { role: 'performer' });
    const rivalToken = await signIn(t.app, rival.email);
    expect((await call('PUT', `/api/performer/feeds/${post._id}`, rivalToken, { text: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/performer/feeds/${post._id}`, rivalToken)).statusCode).toBe(404);

    expect((await call('DELETE', `/api/performer/feeds/${post._id}`, token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/performer/feeds/${post._id}`, token)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(files).where(eq(files.id, fileId))).toEqual([]);
    expect(await t.ctx.db.select().from(feeds).where(eq(feeds.id, post._id))).toEqual([]);
    const [profile] = await t.ctx.db.select({ n: performers.feedsCount }).from(performers).where(eq(performers.userId, creator.id));
    expect(profile!.n).toBe(0);
  });

  it('refuses bad posts with a code naming the problem', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    const token = await signIn(t.app, creator.email);
    const rival = await createUser(t.ctx, { role: 'performer' });
    const rivalsPhoto = await uploadPhoto(await signIn(t.app, rival.email));
    const pending = await createUser(t.ctx, { role: 'performer', verifiedDocument: false });
    const fan = await createUser(t.ctx);
    const cases: [string, string, Record<string, unknown>, number, string][] = [
      ['a photo post without photos', token, { type: 'photo' }, 422, 'feeds.files_invalid'],
      ['a text post with photos', token, { type: 'text', fileIds: [rivalsPhoto] }, 422, 'feeds.files_invalid'],
      ['another creator’s photo', token, { type: 'photo', fileIds: [rivalsPhoto] }, 422, 'feeds.files_invalid'],
      ['a paid post without a price', token, { type: 'text', isSale: true }, 400, 'request.invalid'],
      ['a paid post under 1.00', token, { type: 'text', isSale: true, price: 0.5 }, 400, 'request.invalid'],
      ['an unknown type', token, { type: 'hologram' }, 400, 'request.invalid'],
      ['a paid post by a creator under review', await signIn(t.app, pending.email), { type: 'text', isSale: true, price: 5 }, 422, 'performers.pending_approval'],
      ['a post by a fan', await signIn(t.app, fan.email), { type: 'text', text: 'oi' }, 403, 'auth.role_forbidden'],
    ];
    for (const [what, who, body, status, code] of cases) {
      const res = await call('POST', '/api/performer/feeds', who, body);
      expect({ what, status: res.statusCode, code: res.json().code }).toEqual({ what, status, code });
    }
    // Buying a free post, or one that does not exist, is a 404 and moves nothing.
    const free = (await call('POST', '/api/performer/feeds', token, { type: 'text', text: 'grátis' })).json().data as Feed;
    const buyer = await createUser(t.ctx, { balanceCents: 1000 });
    const buyerToken = await signIn(t.app, buyer.email);
    for (const id of [free._id, '0123456789abcdef01234567']) {
      const res = await call('POST', `/api/wallet/charges/feed/${id}`, buyerToken, {}, { 'idempotency-key': `free-${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('wallet.item_not_found');
    }
    expect(await balanceOf(t.ctx.db, accountKeys.wallet(buyer.id))).toBe(1000);
  });
});
