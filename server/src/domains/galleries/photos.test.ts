import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { files, galleries, galleryPhotos } from '../../db/schema/index.js';
import { client, jpeg, type Gallery, type Photo } from './galleries.test-support.js';
import { countPublishedPhotos, GALLERY_PHOTO_PURPOSE } from './photos.service.js';

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await createTestApp();
  api = client(t);
});
afterAll(() => t.close());

const creatorWithToken = async () => {
  const user = await createUser(t.ctx, { role: 'performer' });
  return { user, token: await signIn(t.app, user.email) };
};
const countOf = async (galleryId: string) => (await t.ctx.db.select({ n: galleries.photosCount }).from(galleries).where(eq(galleries.id, galleryId)))[0]!.n;
const fileOf = async (photoId: string) =>
  (await t.ctx.db.select({ id: files.id, path: files.storagePath }).from(files).innerJoin(galleryPhotos, eq(galleryPhotos.fileId, files.id)).where(eq(galleryPhotos.id, photoId)))[0]!;
/** A gallery-photo file of this creator in no gallery (as an upload outside a gallery leaves one). */
const looseFile = async (ownerId: string, purpose = GALLERY_PHOTO_PURPOSE) =>
  (
    await t.ctx.db
      .insert(files)
      .values({ ownerId, purpose, storagePath: `media/${ownerId}/loose/large.webp`, originalName: 'a.jpg', mimeType: 'image/webp', sizeBytes: 1, width: 10, height: 10, placeholder: 'data:image/webp;base64,AA==', variants: [] })
      .returning()
  )[0]!.id;

describe('photos', () => {
  it('moves, edits and deletes photos: counts follow and never go below zero, a deleted cover leaves no cover', async () => {
    const creator = await creatorWithToken();
    const a = await api.createGallery(creator.token, { title: 'A' });
    const b = await api.createGallery(creator.token, { title: 'B' });
    const first = await api.uploadPhoto(creator.token, a._id, 'Primeira');
    const second = await api.uploadPhoto(creator.token, a._id, 'Segunda');
    expect(first).toMatchObject({ galleryId: a._id, title: 'Primeira', status: 'active', width: 640, height: 480 });
    expect(await countOf(a._id)).toBe(2);
    await api.call('POST', `/api/performer/performer-assets/photos/set-cover/${first._id}`, creator.token, {});

    // Moving the cover to B: A loses its cover and a photo, B gains one.
    const moved = await api.call('PUT', `/api/performer/performer-assets/photos/${first._id}`, creator.token, { galleryId: b._id, title: 'Movida', description: '' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ galleryId: b._id, title: 'Movida', description: '' });
    const viewA = (await api.call('GET', `/api/performer/performer-assets/galleries/${a._id}/view`, creator.token)).json().data as Gallery;
    expect(viewA).toMatchObject({ numOfItems: 1, coverPhoto: null });
    expect(await countOf(b._id)).toBe(1);
    expect((await api.call('PUT', `/api/performer/performer-assets/photos/${second._id}`, creator.token, { status: 'draft' })).json().data.status).toBe('draft');
    expect((await countPublishedPhotos(t.ctx.db, [creator.user.id])).get(creator.user.id)).toBe(1);

    // Deleting the cover photo: no cover, one photo fewer, its record and stored sizes gone.
    await api.call('POST', `/api/performer/performer-assets/photos/set-cover/${second._id}`, creator.token, {});
    const file = await fileOf(second._id);
    expect(existsSync(path.join(t.ctx.config.uploadsDir, file.path))).toBe(true);
    expect((await api.call('DELETE', `/api/performer/performer-assets/photos/${second._id}`, creator.token)).statusCode).toBe(200);
    expect((await api.call('DELETE', `/api/performer/performer-assets/photos/${second._id}`, creator.token)).statusCode).toBe(404);
    expect((await api.call('GET', `/api/performer/performer-assets/galleries/${a._id}/view`, creator.token)).json().data).toMatchObject({ numOfItems: 0, coverPhoto: null });
    expect(await t.ctx.db.select().from(files).where(eq(files.id, file.id))).toEqual([]);
    expect(existsSync(path.join(t.ctx.config.uploadsDir, path.dirname(file.path)))).toBe(false);

    // A count that is already 0 (however it got there) stays 0.
    await t.ctx.db.update(galleries).set({ photosCount: 0 }).where(eq(galleries.id, b._id));
    expect((await api.call('DELETE', `/api/performer/performer-assets/photos/${first._id}`, creator.token)).statusCode).toBe(200);
    expect(await countOf(b._id)).toBe(0);
  });

  it('puts uploaded gallery photos that are in no gallery into a gallery, and nothing else', async () => {
    const creator = await creatorWithToken();
    const rival = await creatorWithToken();
    const gallery = await api.createGallery(creator.token, { title: 'Soltas' });
    const rivalsGallery = await api.createGallery(rival.token, { title: 'Alheia' });
    const loose = [await looseFile(creator.user.id), await looseFile(creator.user.id)];
    const attached = await api.uploadPhoto(creator.token, gallery._id);

    const cases: [string, unknown, number, string][] = [
      ['a post’s photo', { galleryId: gallery._id, fileIds: [await looseFile(creator.user.id, 'feed-photo')] }, 422, 'photos.files_invalid'],
      ['another creator’s file', { galleryId: gallery._id, fileIds: [await looseFile(rival.user.id)] }, 422, 'photos.files_invalid'],
      ['a file in a gallery already', { galleryId: gallery._id, fileIds: [(await fileOf(attached._id)).id] }, 422, 'photos.files_invalid'],
      ['a file listed twice', { galleryId: gallery._id, fileIds: [loose[0], loose[0]] }, 422, 'photos.files_invalid'],
      ['no such file', { galleryId: gallery._id, fileIds: ['0123456789abcdef01234567'] }, 422, 'photos.files_invalid'],
      ['another creator’s gallery', { galleryId: rivalsGallery._id, fileIds: loose }, 404, 'galleries.not_found'],
      ['no files', { galleryId: gallery._id, fileIds: [] }, 400, 'request.invalid'],
      ['fileIds not a list', { galleryId: gallery._id, fileIds: loose[0] }, 400, 'request.invalid'],
      ['no gallery', { fileIds: loose }, 400, 'request.invalid'],
    ];
    for (const [what, body, status, code] of cases) {
      const res = await api.call('POST', '/api/performer/performer-assets/photos', creator.token, body);
      expect({ what, status: res.statusCode, code: res.json().code }).toEqual({ what, status, code });
    }
    expect(await countOf(gallery._id)).toBe(1);

    const created = await api.call('POST', '/api/performer/performer-assets/photos', creator.token, { galleryId: gallery._id, fileIds: loose, status: 'draft' });
    expect(created.statusCode, created.body).toBe(200);
    expect((created.json().data as Photo[]).map((p) => p.galleryId)).toEqual([gallery._id, gallery._id]);
    expect(created.json().data[0]).toMatchObject({ status: 'draft' });
    expect(await countOf(gallery._id)).toBe(3);
    // Once in a gallery, a file cannot be put into another.
    const other = await api.createGallery(creator.token, { title: 'Outra' });
    expect((await api.call('POST', '/api/performer/performer-assets/photos', creator.token, { galleryId: other._id, fileIds: [loose[0]] })).statusCode).toBe(422);
  });

  it('refuses bad uploads and edits, and leaves no file behind', async () => {
    const creator = await creatorWithToken();
    const rival = await creatorWithToken();
    const fan = await createUser(t.ctx);
    const fanToken = await signIn(t.app, fan.email);
    const gallery = await api.createGallery(creator.token, { title: 'Uploads' });
    const rivalsGallery = await api.createGallery(rival.token, { title: 'Alheia' });
    const filesOf = async () => (await t.ctx.db.select({ id: files.id }).from(files).where(eq(files.ownerId, creator.user.id))).length;

    const uploads: [string, Promise<{ statusCode: number; json(): { code: string; fields?: string[] } }>, number, string][] = [
      ['no gallery', api.upload(creator.token, { title: 'x' }), 400, 'request.invalid'],
      ['a blank gallery', api.upload(creator.token, { galleryId: '' }), 400, 'request.invalid'],
      ['a title too long', api.upload(creator.token, { galleryId: gallery._id, title: 'x'.repeat(201) }), 400, 'request.invalid'],
      ['an unknown status', api.upload(creator.token, { galleryId: gallery._id, status: 'gone' }), 400, 'request.invalid'],
      ['no such gallery', api.upload(creator.token, { galleryId: '0123456789abcdef01234567' }), 404, 'galleries.not_found'],
      ['another creator’s gallery', api.upload(creator.token, { galleryId: rivalsGallery._id }), 404, 'galleries.not_found'],
      ['not an image', api.upload(creator.token, { galleryId: gallery._id }, 'photo', Buffer.from('%PDF-1.4 not a photo at all, really')), 415, 'media.unsupported_type'],
      ['an empty file', api.upload(creator.token, { galleryId: gallery._id }, 'photo', Buffer.alloc(0)), 400, 'media.file_required'],
      ['the image in another field', api.upload(creator.token, { galleryId: gallery._id }, 'picture', await jpeg()), 400, 'request.unexpected_file'],
      ['by a fan', api.upload(fanToken, { galleryId: gallery._id }), 403, 'auth.role_forbidden'],
    ];
    for (const [what, pending, status, code] of uploads) {
      const res = await pending;
      expect({ what, status: res.statusCode, code: res.json().code }).toEqual({ what, status, code });
    }
    const json = await api.call('POST', '/api/performer/performer-assets/photos/upload', creator.token, { galleryId: gallery._id });
    expect(json.statusCode).toBe(415);
    expect(await filesOf()).toBe(0);
    expect(await countOf(gallery._id)).toBe(0);

    const photo = await api.uploadPhoto(creator.token, gallery._id);
    const edits: [string, string, unknown, number, string][] = [
      ['a title too long', photo._id, { title: 'x'.repeat(201) }, 400, 'request.invalid'],
      ['an unknown status', photo._id, { status: 'gone' }, 400, 'request.invalid'],
      ['into another creator’s gallery', photo._id, { galleryId: rivalsGallery._id }, 404, 'galleries.not_found'],
      ['no such photo', '0123456789abcdef01234567', { title: 'x' }, 404, 'photos.not_found'],
    ];
    for (const [what, id, body, status, code] of edits) {
      const res = await api.call('PUT', `/api/performer/performer-assets/photos/${id}`, creator.token, body);
      expect({ what, status: res.statusCode, code: res.json().code }).toEqual({ what, status, code });
    }
    expect(await countOf(gallery._id)).toBe(1);
    expect(await countOf(rivalsGallery._id)).toBe(0);
    for (const [url, status, code] of [
      ['/api/performer/performer-assets/photos/search?sortBy=fileId', 400, 'request.invalid'],
      ['/api/performer/performer-assets/photos/search?status=gone', 400, 'request.invalid'],
      [`/api/performer-assets/photos/${creator.user.id}?galleryId=${'x'.repeat(65)}`, 400, 'request.invalid'],
    ] as const) {
      const res = await api.call('GET', url, creator.token);
      expect({ url, status: res.statusCode, code: res.json().code }).toEqual({ url, status, code });
    }
    for (const method of ['POST', 'DELETE'] as const) {
      const url = method === 'POST' ? '/api/performer/performer-assets/photos/set-cover/0123456789abcdef01234567' : '/api/performer/performer-assets/photos/0123456789abcdef01234567';
      const res = await api.call(method, url, creator.token, method === 'POST' ? {} : undefined);
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 404, code: 'photos.not_found' });
    }
    const mine = (await api.call('GET', '/api/performer/performer-assets/photos/search?sortBy=title&sort=asc', creator.token)).json().data;
    expect(mine.total).toBe(1);
  });
});
