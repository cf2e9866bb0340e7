import sharp from 'sharp';
import { expect } from 'vitest';
import { multipartForm, type TestApp } from '../../../test/helpers.js';

export type Picture = { _id: string; url: string | null; sizes: Record<string, { url: string }> | null; placeholder: string | null };
export type Gallery = {
  _id: string;
  title: string;
  status: string;
  isSale: boolean;
  price: number;
  isBought: boolean;
  locked: boolean;
  numOfItems: number;
  coverPhoto: Picture | null;
  performer: { _id: string };
};
export type Photo = Picture & { galleryId: string; title: string; status: string };

/** A JPEG that carries a camera make and a GPS position, which must never reach a viewer. */
export const jpeg = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#735' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SpyCam' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 0/1' } })
    .toBuffer();

export function client(t: TestApp) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, ...(payload !== undefined ? { payload: payload as object } : {}), headers: { ...headers, ...(token ? { authorization: token } : {}) } });

  /** POST …/photos/upload with the image in `field` and these text fields. */
  const upload = async (token: string, fields: Record<string, string>, field = 'photo', image?: Buffer) => {
    const form = multipartForm([
      ...Object.entries(fields).map(([name, data]) => ({ name, data })),
      { name: field, filename: 'IMG_1.jpg', contentType: 'image/jpeg', data: image ?? (await jpeg()) },
    ]);
    return t.app.inject({ method: 'POST', url: '/api/performer/performer-assets/photos/upload', payload: form.payload, headers: { ...form.headers, authorization: token } });
  };

  const uploadPhoto = async (token: string, galleryId: string, title = 'Foto'): Promise<Photo> => {
    const res = await upload(token, { galleryId, title });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Photo;
  };

  const createGallery = async (token: string, body: Record<string, unknown>): Promise<Gallery> => {
    const res = await call('POST', '/api/performer/performer-assets/galleries', token, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Gallery;
  };

  /** The path and query of a link, fetched through the app as `token`'s holder. */
  const fetchLink = (url: string, token: string | null) => {
    const link = new URL(url);
    return t.app.inject({ method: 'GET', url: link.pathname + link.search, headers: token ? { authorization: token } : {} });
  };

  return { call, upload, uploadPhoto, createGallery, fetchLink };
}
