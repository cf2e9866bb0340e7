import { describe, expect, it, vi } from 'vitest';
import { bruno, expectSubscribeOffer, listPage, soon } from '../ui/testing/locked-list-kit.js';
import { findSoon, renderView, squash } from '../ui/testing/render-view.js';
import { ok } from '../wallet/testing/wallet-test-kit.js';
import type { VideoItem } from './videos-api.js';
import { VideoList } from './video-list.js';

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

const list = listPage((page) => {
  page.transport.respond('GET', '/performer-assets/videos/search', ok({ data: [video('members', { subscribersOnly: true }), video('paid', { isSale: true, price: 7 })], total: 2 }));
});

describe('VideoList: subscribers-only videos', () => {
  it('a locked subscribers-only video offers to subscribe through the page’s action; a paid one keeps its price', async () => {
    const onSubscribe = vi.fn();
    const view = (list.view = renderView(<VideoList creatorId={bruno._id} onSubscribe={onSubscribe} />));
    await expectSubscribeOffer(await findSoon(view.host, '[data-video="members"]'), 'Assine Bruno Costa para assistir a este vídeo.', onSubscribe);

    const paid = view.host.querySelector('[data-video="paid"]')!;
    expect(paid.querySelector('[part="subscribers-only"]')).toBeNull();
    await vi.waitFor(() => expect(squash(paid.querySelector('[part="unlock"] button')?.textContent)).toMatch(/^Desbloquear por R\$ ?7,00$/), soon);
    expect(squash(paid.textContent)).toContain('Vídeo pago: desbloqueie por');
    expect(list.page.pays).toHaveLength(0);
  });
});
