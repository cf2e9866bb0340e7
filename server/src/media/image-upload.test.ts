import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, multipartForm, signIn, type TestApp } from '../../test/helpers.js';

let t: TestApp;
const PHOTO_LIMIT = 2 * 1024 * 1024;
beforeAll(async () => {
  // The site's static routes serve /files/; the host and bundles are empty folders here.
  const site = mkdtempSync(path.join(os.tmpdir(), 'fandeck-site-'));
  t = await createTestApp({}, { UPLOAD_PHOTO_MAX_BYTES: String(PHOTO_LIMIT) }, { serveSite: { host: path.join(site, 'host'), loader: path.join(site, 'loader'), widgets: path.join(site, 'widgets') } });
});
afterAll(() => t.close());


/** A 1200x800 camera JPEG, stored sideways (EXIF orientation 6), with the camera's make and a GPS position. */
async function cameraPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'GPS-9000' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '46/1 38/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const upload = (url: string, token: string | null, body: ReturnType<typeof multipartForm>) =>
  t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...(token ? { authorization: token } : {}) } });
const photoPart = (data: Buffer, filename = 'IMG_0001.jpg', type = 'image/jpeg') => multipartForm([{ name: 'file', filename, contentType: type, data }]);
const served = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });
const incoming = async () => readdir(path.join(t.ctx.config.uploadsDir, '.incoming')).catch(() => [] as string[]);

describe('image uploads', () => {
  it('stores an avatar upright in three WebP sizes with no EXIF or GPS left in any of them', async () => {
    const original = await cameraPhoto();
    // The fixture does carry what must go: the camera and the position.
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes('SpyCam')).toBe(true);
    expect(before.exif?.includes('GPS-9000')).toBe(true);
    // The GPS block holds the latitude reference, "S".
    expect(before.exif?.includes(Buffer.from([0x53, 0x00]))).toBe(true);

    const fan = await createUser(t.ctx);
    const token = await signIn(t.app, fan.email);
    const res = await upload('/api/users/avatar/upload', token, photoPart(original));
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    // Upright: the sideways 1200x800 is a portrait 800x1200.
    expect(data).toMatchObject({ success: true, width: 800, height: 1200 });
    expect(data.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(Object.keys(data.sizes).sort()).toEqual(['large', 'medium', 'small']);
    const expectedSide = { small: 96, medium: 256, large: 512 } as Record<string, number>;
    for (const [name, size] of Object.entries(data.sizes as Record<string, { url: string; width: number; height: number }>)) {
      const file = await served(size.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: expectedSide[name], height: expectedSide[name] });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      for (const secret of ['SpyCam', 'GPS-9000', 'GPS']) expect(file.rawPayload.includes(secret)).toBe(false);
    }
    const placeholder = Buffer.from(data.placeholder.split(',')[1], 'base64');
    expect((await sharp(placeholder).metadata()).exif).toBeUndefined();

    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: token } });
    expect(me.json().data.avatar).toBe(data.url);
    expect(await incoming()).toEqual([]);
  });

  it('replacing an avatar removes the previous picture', async () => {
    const fan = await createUser(t.ctx);
    const token = await signIn(t.app, fan.email);
    const first = (await upload('/api/users/avatar/upload', token, photoPart(await cameraPhoto()))).json().data;
    expect((await served(first.url)).statusCode).toBe(200);
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#0a0' } }).png().toBuffer();
    const second = await upload('/api/users/avatar/upload', token, photoPart(png, 'me.png', 'image/png'));
    expect(second.statusCode).toBe(200);
    expect(second.json().data.url).not.toBe(first.url);
    expect((await served(first.url)).statusCode).toBe(404);
    expect((await served(second.json().data.url)).statusCode).toBe(200);
  });

  it('keeps a cover’s proportions and never enlarges it; only creators upload one', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    const token = await signIn(t.app, creator.email);
    const wide = await sharp({ create: { width: 1000, height: 400, channels: 3, background: '#246' } }).webp().toBuffer();
    const res = await upload('/api/performers/cover/upload', token, photoPart(wide, 'cover.webp', 'image/webp'));
    expect(res.statusCode).toBe(200);
    const sizes = res.json().data.sizes;
    expect(sizes.small).toMatchObject({ width: 640, height: 256 });
    expect(sizes.medium).toMatchObject({ width: 1000, height: 400 });
    expect(sizes.large).toMatchObject({ width: 1000, height: 400 });
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: token } });
    expect(me.json().data.cover).toBe(res.json().data.url);

    const fan = await createUser(t.ctx);
    const asFan = await upload('/api/performers/cover/upload', await signIn(t.app, fan.email), photoPart(wide, 'cover.webp', 'image/webp'));
    expect(asFan.statusCode).toBe(403);
    const anonymous = await upload('/api/users/avatar/upload', null, photoPart(wide));
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets an admin set another user’s avatar, and answers 404 for an unknown user', async () => {
    const admin = await createUser(t.ctx, { role: 'admin' });
    const token = await signIn(t.app, admin.email);
    const fan = await createUser(t.ctx);
    const res = await upload(`/api/users/${fan.id}/avatar/upload`, token, photoPart(await cameraPhoto()));
    expect(res.statusCode).toBe(200);
    const unknown = await upload('/api/users/000000000000000000000000/avatar/upload', token, photoPart(await cameraPhoto()));
    expect(unknown.statusCode).toBe(404);
    const asFan = await upload(`/api/users/${admin.id}/avatar/upload`, await signIn(t.app, fan.email), photoPart(await cameraPhoto()));
    expect(asFan.statusCode).toBe(403);
  });

  it('refuses what is not a readable picture within the limit, with a code, and leaves nothing behind', async () => {
    const fan = await createUser(t.ctx);
    const token = await signIn(t.app, fan.email);
    const cases: [string, ReturnType<typeof multipartForm>, number, string][] = [
      ['a script named .jpg', photoPart(Buffer.from('<script>alert(1)</script>'), 'x.jpg', 'image/jpeg'), 415, 'media.unsupported_type'],
      ['a PDF', photoPart(Buffer.from('%PDF-1.7\n...'), 'x.pdf', 'application/pdf'), 415, 'media.unsupported_type'],
      ['a JPEG header over garbage', photoPart(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 7)])), 422, 'media.unreadable'],
      ['a file over the photo limit', photoPart(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(PHOTO_LIMIT + 10)])), 413, 'media.too_large'],
      ['no file', multipartForm([{ name: 'note', data: 'hi' }]), 400, 'media.file_required'],
      ['an empty file', photoPart(Buffer.alloc(0)), 400, 'media.file_required'],
      ['another file field', multipartForm([{ name: 'avatar', filename: 'a.jpg', contentType: 'image/jpeg', data: Buffer.from([0xff, 0xd8, 0xff]) }]), 400, 'request.unexpected_file'],
    ];
    for (const [what, body, status, code] of cases) {
      const res = await upload('/api/users/avatar/upload', token, body);
      expect({ what, status: res.statusCode, code: res.json().code }).toEqual({ what, status, code });
    }
    const json = await t.app.inject({ method: 'POST', url: '/api/users/avatar/upload', headers: { authorization: token }, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(await incoming()).toEqual([]);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: token } });
    expect(me.json().data.avatar).toMatch(/\/files\/defaults\/avatar\.svg$/);
  });

  it('serves only finished public pictures under /files/', async () => {
    for (const url of ['/files/.incoming/x', '/files/documents/x.png', '/files/images/../documents/x.png', '/files/images/a/b/large.webp.partial', '/files/images/a/b.partial/large.webp']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
