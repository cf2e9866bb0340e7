import { describe, expect, it, vi } from 'vitest';
import { bruno, expectSubscribeOffer, listPage, soon } from '../ui/testing/locked-list-kit.js';
import { findSoon, renderView, squash } from '../ui/testing/render-view.js';
import { ok } from '../wallet/testing/wallet-test-kit.js';
import type { FeedPost } from './feeds-api.js';
import { FeedList } from './feed-list.js';

const post = (id: string, overrides: Partial<FeedPost>): FeedPost => ({
  _id: id,
  fromSourceId: bruno._id,
  type: 'photo',
  text: `post ${id}`,
  isSale: false,
  price: 0,
  subscribersOnly: false,
  status: 'active',
  scheduledAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  isBought: false,
  locked: true,
  performer: bruno,
  files: [{ _id: `f-${id}`, type: 'photo', status: null, progress: null, duration: null, teaser: null, width: 640, height: 480, placeholder: 'data:image/webp;base64,AA', url: null, sizes: null }],
  totalFiles: 1,
  ...overrides,
});

const posts = [
  post('members', { text: 'A receita do molho da casa', subscribersOnly: true }),
  post('paid', { text: 'Receita paga', isSale: true, price: 5 }),
  // Both marked: sold on its own, so it is unlocked by paying.
  post('paid-members', { text: 'Paga e para assinantes', isSale: true, price: 8, subscribersOnly: true }),
  post('open-members', { text: 'Já aberta', subscribersOnly: true, locked: false, files: [] }),
];

const list = listPage((page) => {
  page.transport.respond('GET', `/user/feeds/search/${bruno.username}`, ok({ data: posts, total: posts.length }));
});

const card = (id: string) => list.view!.host.querySelector<HTMLElement>(`[data-feed="${id}"]`);

async function renderList(props: Partial<Parameters<typeof FeedList>[0]> = {}) {
  const view = (list.view = renderView(<FeedList creator={bruno.username} {...props} />));
  await findSoon(view.host, '[data-feed="members"] [part~="subscribe"]');
  await vi.waitFor(() => expect(squash(card('members')?.querySelector('[part~="subscribe"]')?.textContent)).toBe('Assinar para ver'), soon);
}

describe('FeedList: subscribers-only posts', () => {
  it('a locked subscribers-only post says so and offers to subscribe, never a paid unlock of R$ 0,00', async () => {
    const onSubscribe = vi.fn();
    await renderList({ onSubscribe });
    const members = card('members')!;
    expect(squash(list.view!.host.textContent)).not.toMatch(/R\$\s?0,00/);
    expect(members.querySelector('.feed-card__photos img')?.getAttribute('alt')).toBe('Foto bloqueada');
    await expectSubscribeOffer(members, 'Assine Bruno Costa para ver esta publicação.', onSubscribe);
    expect(list.page.pays).toHaveLength(0);
  });

  it('paid posts keep the paid unlock, also when marked for subscribers too; an open post shows neither', async () => {
    await renderList({ onSubscribe: () => undefined });
    for (const [id, price] of [
      ['paid', '5,00'],
      ['paid-members', '8,00'],
    ] as const) {
      const paid = card(id)!;
      expect(paid.querySelector('[part="subscribers-only"]'), id).toBeNull();
      const button = paid.querySelector<HTMLButtonElement>('[part="unlock"] button');
      await vi.waitFor(() => expect(squash(button?.textContent)).toMatch(new RegExp(`^Desbloquear por R\\$ ?${price}$`)), soon);
    }
    const open = card('open-members')!;
    expect(open.getAttribute('data-locked')).toBe('false');
    expect(open.querySelector('[part="subscribers-only"], [part="unlock"]')).toBeNull();
  });

  it('without a page action (an embed), the action links to the creator’s subscribe section on the platform', async () => {
    await renderList();
    const link = card('members')!.querySelector<HTMLAnchorElement>('a[part="subscribe"]');
    expect(link?.href).toBe(`${list.page.transport.origin}/${bruno.username}#plans`);
    expect(card('members')!.querySelector('button[part="subscribe"]')).toBeNull();
  });
});
