import sharp from 'sharp';
import { expect } from 'vitest';

/** `R$ 9,90` as the views write it (pt-BR), whatever space Intl puts after the sign. */
export const brl = (value: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value).replace(/\s/g, ' ');
/** Text as read, every space (the no-break one in money too) a plain one. */
export const normalised = (text: string | null) => (text ?? '').replace(/\s/g, ' ').trim();
export const cents = (value: number) => Math.round(value * 100);

/** A creator publishes a photo post only her subscribers may open, through the API as the studio does; returns its id. */
export async function publishSubscribersOnlyPhoto(origin: string, token: string, post: { text: string; fileName: string; background: string }): Promise<string> {
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: post.background } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), post.fileName);
  const uploaded = await fetch(`${origin}/api/performer/feeds/photo/upload`, { method: 'POST', headers: { authorization: token }, body: form });
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  const fileId = ((await uploaded.json()) as { data: { _id: string } }).data._id;
  const created = await fetch(`${origin}/api/performer/feeds`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'photo', text: post.text, subscribersOnly: true, fileIds: [fileId] }),
  });
  expect(created.status, await created.clone().text()).toBe(200);
  return ((await created.json()) as { data: { _id: string } }).data._id;
}
