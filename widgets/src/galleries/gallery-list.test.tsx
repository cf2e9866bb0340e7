import { describe, expect, it, vi } from 'vitest';
import { bruno, expectSubscribeOffer, listPage, soon } from '../ui/testing/locked-list-kit.js';
import { findSoon, renderView, squash } from '../ui/testing/render-view.js';
import { ok } from '../wallet/testing/wallet-test-kit.js';
import type { Gallery } from './galleries-api.js';
import { GalleryList } from './gallery-list.js';

const gallery = (id: string, overrides: Partial<Gallery>): Gallery => ({
  _id: id,
  performerId: bruno._id,
  title: `Galeria ${id}`,
  description: '',
  status: 'active',
  isSale: false,
  price: 0,
  subscribersOnly: false,
  isBought: false,
  locked: true,
  coverPhoto: null,
  numOfItems: 3,
  createdAt: '2026-11-20T10:00:00.000Z',
  performer: bruno,
  ...overrides,
});

const list = listPage((page) => {
  page.transport.respond('GET', '/performer-assets/galleries/search', ok({ data: [gallery('members', { subscribersOnly: true }), gallery('paid', { isSale: true, price: 9 })], total: 2 }));
  page.transport.respond('GET', `/performer-assets/photos/${bruno._id}`, ok({ data: [], total: 0 }));
});

async function open(id: string, onSubscribe?: () => void): Promise<HTMLElement> {
  const view = (list.view = renderView(<GalleryList creatorId={bruno._id} onSubscribe={onSubscribe} />));
  (await findSoon<HTMLButtonElement>(view.host, `[data-gallery="${id}"] button`)).click();
  return findSoon(view.host, `[data-testid="gallery"][data-gallery="${id}"]`);
}

describe('GalleryList: subscribers-only galleries', () => {
  it('an opened subscribers-only gallery offers to subscribe through the page’s action, not a paid unlock', async () => {
    const onSubscribe = vi.fn();
    await expectSubscribeOffer(await open('members', onSubscribe), 'Assine Bruno Costa para ver as fotos desta galeria.', onSubscribe);
  });

  it('a paid gallery keeps its paid unlock', async () => {
    const opened = await open('paid');
    await vi.waitFor(() => expect(squash(opened.querySelector('[part="unlock"] button')?.textContent)).toMatch(/^Desbloquear por R\$ ?9,00$/), soon);
    expect(opened.querySelector('[part="subscribers-only"]')).toBeNull();
    expect(list.page.pays).toHaveLength(0);
  });
});
