import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { bruno, expectSubscribeOffer, listPage, soon } from '../ui/testing/locked-list-kit.js';
import { findSoon, renderView, squash } from '../ui/testing/render-view.js';
import { ok } from '../wallet/testing/wallet-test-kit.js';
import type { Gallery, Photo } from './galleries-api.js';
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

const PIXEL = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
const photo = (id: string): Photo => ({
  _id: id,
  galleryId: 'free',
  title: '',
  description: '',
  status: 'active',
  createdAt: '2026-11-20T10:00:00.000Z',
  width: 1,
  height: 1,
  placeholder: null,
  url: `${PIXEL}#${id}`,
  sizes: null,
});

const list = listPage((page) => {
  page.transport.respond(
    'GET',
    '/performer-assets/galleries/search',
    ok({ data: [gallery('members', { subscribersOnly: true }), gallery('paid', { isSale: true, price: 9 }), gallery('free', { locked: false, numOfItems: 2 })], total: 3 }),
  );
  // Only the open gallery shows photos, so one answer serves every test.
  page.transport.respond('GET', `/performer-assets/photos/${bruno._id}`, ok({ data: [photo('p1'), photo('p2')], total: 2 }));
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

describe('GalleryList: the photo viewer', () => {
  it('shows an open gallery’s photo large over the page, steps with the buttons and the arrow keys, and closes with Escape', async () => {
    const opened = await open('free');
    const enlarge = await findSoon<HTMLButtonElement>(opened, 'button.media-photo__open');
    expect(enlarge.getAttribute('aria-label')).toBe('Ampliar: Foto 1 de 2');
    const viewer = opened.querySelector<HTMLDialogElement>('[data-testid="photo-viewer"]')!;
    expect(viewer.open).toBe(false);
    await userEvent.click(enlarge);
    await vi.waitFor(() => expect(viewer.open).toBe(true), soon);
    const shown = () => viewer.querySelector<HTMLImageElement>('.photo-viewer__photo')?.getAttribute('src');
    expect(viewer.getAttribute('aria-label')).toBe('Foto 1 de 2');
    expect(shown()).toMatch(/#p1$/);
    await userEvent.click([...viewer.querySelectorAll('button')].find((button) => button.textContent === 'Próxima')!);
    await vi.waitFor(() => expect(shown()).toMatch(/#p2$/), soon);
    await userEvent.keyboard('{ArrowRight}');
    await vi.waitFor(() => expect(shown()).toMatch(/#p1$/), soon);
    await userEvent.keyboard('{ArrowLeft}');
    await vi.waitFor(() => expect(viewer.getAttribute('aria-label')).toBe('Foto 2 de 2'), soon);
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(viewer.open).toBe(false), soon);
    expect(shown()).toBeUndefined();
  });
});
