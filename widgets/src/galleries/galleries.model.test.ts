import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OwnedSession } from '../session/session.js';
import { ok, type FakeTransport } from '../session/testing/fake-transport.js';
import { signedInFan } from '../session/testing/signed-in.js';
import type { Gallery, Photo } from './galleries-api.js';
import { GalleryListModel } from './galleries.model.js';

let transport: FakeTransport;
let session: OwnedSession;

const gallery = (id: string, locked: boolean): Gallery => ({
  _id: id,
  performerId: 'creator-1',
  title: `Ensaio ${id}`,
  description: '',
  status: 'active',
  isSale: true,
  price: 7.5,
  subscribersOnly: false,
  isBought: !locked,
  locked,
  coverPhoto: { _id: 'c', width: 10, height: 10, placeholder: 'data:image/webp;base64,AA', url: locked ? null : '/api/media/files/c/large?v=u', sizes: null },
  numOfItems: 2,
  createdAt: '2026-11-20T10:00:00.000Z',
  performer: { _id: 'creator-1', username: 'ana.lima', name: 'Ana Lima', avatar: '/files/defaults/avatar.svg' },
});
const photo = (id: string, locked: boolean): Photo => ({
  _id: id,
  galleryId: 'g1',
  title: '',
  description: '',
  status: 'active',
  createdAt: '2026-11-20T10:00:00.000Z',
  width: 10,
  height: 10,
  placeholder: 'data:image/webp;base64,AA',
  url: locked ? null : `/api/media/files/${id}/large?v=u`,
  sizes: null,
});

beforeEach(async () => {
  ({ transport, session } = await signedInFan(100));
});

afterEach(() => session.dispose());

describe('gallery list model', () => {
  it('lists a creator’s galleries and opens one with its photos', async () => {
    let asked: unknown;
    transport.respond('GET', '/performer-assets/galleries/search', (call) => {
      asked = (call.options.query as { performerId?: string } | undefined)?.performerId;
      return ok({ data: [gallery('g1', true)], total: 1 });
    });
    transport.respond('GET', '/performer-assets/photos/creator-1', ok({ data: [photo('p1', true), photo('p2', true)], total: 2 }));
    const model = new GalleryListModel(session);
    await model.load('creator-1');
    expect(asked).toBe('creator-1');
    const list = model.galleries.value;
    expect(list.status === 'ready' && list.items.map((g) => g._id)).toEqual(['g1']);
    await model.open(gallery('g1', true));
    const photos = model.opened.value?.photos;
    expect(photos?.status === 'ready' && photos.items.every((p) => p.url === null)).toBe(true);
    model.close();
    expect(model.opened.value).toBeNull();
  });

  it('unlocks a paid gallery with one pay of charge:gallery, then shows its photos as the server now sends them', async () => {
    transport.respond('GET', '/performer-assets/galleries/search', ok({ data: [gallery('g1', true)], total: 1 }));
    let bought = false;
    transport.respond('GET', '/performer-assets/photos/creator-1', () => ok({ data: [photo('p1', !bought)], total: 1 }));
    transport.respond('GET', '/performer-assets/galleries/g1', () => ok(gallery('g1', !bought)));
    transport.respondPay('charge:gallery', () => {
      bought = true;
      return ok({ _id: 'charge-1' });
    });
    const model = new GalleryListModel(session);
    await model.load('creator-1');
    await model.open(gallery('g1', true));
    expect(await model.unlock('g1')).toBe(true);
    expect(transport.payCalls.map((c) => [c.request.action, c.request.params.id])).toEqual([['charge:gallery', 'g1']]);
    const list = model.galleries.value;
    expect(list.status === 'ready' && list.items[0]!.locked).toBe(false);
    const photos = model.opened.value?.photos;
    expect(photos?.status === 'ready' && photos.items[0]!.url).toMatch(/\/api\/media\/files\/p1\//);
    expect(model.unlocks.value.size).toBe(0);
  });
});
