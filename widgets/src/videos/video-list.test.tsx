import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNamespaces } from '../i18n/index.js';
import { findSoon, renderView, squash, type RenderedView } from '../ui/testing/render-view.js';
import { ok, signedInPage, type WalletPage } from '../wallet/testing/wallet-test-kit.js';
import type { VideoItem } from './videos-api.js';
import { VideoList } from './video-list.js';

const bruno = { _id: 'creator-2', username: 'bruno.costa', name: 'Bruno Costa', avatar: '/files/defaults/avatar.svg' };

const video = (id: string, overrides: Partial<VideoItem>): VideoItem => ({
  _id: id,
  performerId: bruno._id,
  title: `Vídeo ${id}`,
  description: '',
  status: 'active',
  isSale: false,
  price: 0,
  subscribersOnly: false,
  isBought: false,
  locked: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  performer: bruno,
  video: null,
  thumbnail: null,
  ...overrides,
});

let page: WalletPage;
let view: RenderedView | undefined;
const soon = { timeout: 5000, interval: 20 };

beforeAll(async () => {
  await loadNamespaces(['common']);
  page = await signedInPage(100);
  page.transport.respond('GET', '/performer-assets/videos/search', ok({ data: [video('members', { subscribersOnly: true }), video('paid', { isSale: true, price: 7 })], total: 2 }));
});

afterEach(() => {
  view?.unmount();
  view = undefined;
});

describe('VideoList: subscribers-only videos', () => {
  it('a locked subscribers-only video offers to subscribe through the page’s action; a paid one keeps its price', async () => {
    const onSubscribe = vi.fn();
    view = renderView(<VideoList creatorId={bruno._id} onSubscribe={onSubscribe} />);
    const members = await findSoon(view.host, '[data-video="members"]');
    const action = await findSoon<HTMLButtonElement>(members, 'button[part="subscribe"]');
    await vi.waitFor(() => expect(squash(action.textContent)).toBe('Assinar para ver'), soon);
    const box = members.querySelector('[part="subscribers-only"]');
    expect([...(box?.children ?? [])].map((child) => squash(child.textContent))).toEqual(['Só para assinantes', 'Assine Bruno Costa para assistir a este vídeo.', 'Assinar para ver']);
    expect(members.querySelector('[part="unlock"]')).toBeNull();
    action.click();
    expect(onSubscribe).toHaveBeenCalledWith(bruno);

    const paid = view.host.querySelector('[data-video="paid"]')!;
    expect(paid.querySelector('[part="subscribers-only"]')).toBeNull();
    await vi.waitFor(() => expect(squash(paid.querySelector('[part="unlock"] button')?.textContent)).toMatch(/^Desbloquear por R\$ ?7,00$/), soon);
    expect(squash(paid.textContent)).toContain('Vídeo pago: desbloqueie por');
    expect(page.pays).toHaveLength(0);
  });
});
