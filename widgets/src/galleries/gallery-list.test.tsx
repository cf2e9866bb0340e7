import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNamespaces } from '../i18n/index.js';
import { findSoon, renderView, squash, type RenderedView } from '../ui/testing/render-view.js';
import { ok, signedInPage, type WalletPage } from '../wallet/testing/wallet-test-kit.js';
import type { Gallery } from './galleries-api.js';
import { GalleryList } from './gallery-list.js';

const bruno = { _id: 'creator-2', username: 'bruno.costa', name: 'Bruno Costa', avatar: '/files/defaults/avatar.svg' };

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

let page: WalletPage;
let view: RenderedView | undefined;
const soon = { timeout: 5000, interval: 20 };

beforeAll(async () => {
  await loadNamespaces(['common']);
  page = await signedInPage(100);
  page.transport.respond('GET', '/performer-assets/galleries/search', ok({ data: [gallery('members', { subscribersOnly: true }), gallery('paid', { isSale: true, price: 9 })], total: 2 }));
  page.transport.respond('GET', `/performer-assets/photos/${bruno._id}`, ok({ data: [], total: 0 }));
});

afterEach(() => {
  view?.unmount();
  view = undefined;
});

async function open(id: string, onSubscribe?: () => void): Promise<HTMLElement> {
  view = renderView(<GalleryList creatorId={bruno._id} onSubscribe={onSubscribe} />);
  (await findSoon<HTMLButtonElement>(view.host, `[data-gallery="${id}"] button`)).click();
  return findSoon(view.host, `[data-testid="gallery"][data-gallery="${id}"]`);
}

describe('GalleryList: subscribers-only galleries', () => {
  it('an opened subscribers-only gallery offers to subscribe through the page’s action, not a paid unlock', async () => {
    const onSubscribe = vi.fn();
    const opened = await open('members', onSubscribe);
    const action = await findSoon<HTMLButtonElement>(opened, 'button[part="subscribe"]');
    await vi.waitFor(() => expect(squash(action.textContent)).toBe('Assinar para ver'), soon);
    const box = opened.querySelector('[part="subscribers-only"]');
    expect([...(box?.children ?? [])].map((child) => squash(child.textContent))).toEqual(['Só para assinantes', 'Assine Bruno Costa para ver as fotos desta galeria.', 'Assinar para ver']);
    expect(opened.querySelector('[part="unlock"]')).toBeNull();
    action.click();
    expect(onSubscribe).toHaveBeenCalledWith(bruno);
  });

  it('a paid gallery keeps its paid unlock', async () => {
    const opened = await open('paid');
    await vi.waitFor(() => expect(squash(opened.querySelector('[part="unlock"] button')?.textContent)).toMatch(/^Desbloquear por R\$ ?9,00$/), soon);
    expect(opened.querySelector('[part="subscribers-only"]')).toBeNull();
    expect(page.pays).toHaveLength(0);
  });
});
