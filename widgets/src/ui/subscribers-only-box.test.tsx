import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadNamespaces, setLocale } from '../i18n/index.js';
import { getSession } from '../session/session.js';
import { createFakeTransport, ok } from '../session/testing/fake-transport.js';
import { locksForSubscribers, subscribeUrl, SubscribersOnlyBox, type Lockable } from './subscribers-only-box.js';
import { findSoon, renderView, squash, type RenderedView } from './testing/render-view.js';

const platform = 'http://platform.test';
const bruno = { _id: 'creator-2', username: 'bruno.costa' };
let view: RenderedView | undefined;
// The machine running these may be busy, and a namespace's first fetch compiles it: five seconds, not one.
const soon = { interval: 20 };

beforeAll(async () => {
  // Every page has the base texts before a view renders (the host's site texts, an element's frame).
  await loadNamespaces(['common']);
  // The page's session on another origin than the page: what an embed on a partner's site has.
  const transport = createFakeTransport({ origin: platform });
  transport.respond('GET', '/settings/public', ok({}));
  getSession({ transport, lazy: true });
});

beforeEach(async () => {
  await setLocale('pt-BR');
});

afterEach(() => {
  view?.unmount();
  view = undefined;
});

describe('locksForSubscribers', () => {
  const item = (overrides: Partial<Lockable>): Lockable => ({ locked: true, isSale: false, price: 0, subscribersOnly: true, ...overrides });

  it('is true for a locked subscribers-only item that is not for sale', () => {
    expect(locksForSubscribers(item({}))).toBe(true);
    // Marked for sale at no price is not sold: the server opens it to subscribers.
    expect(locksForSubscribers(item({ isSale: true, price: 0 }))).toBe(true);
  });

  it('is false for an item sold on its own, even when also marked for subscribers', () => {
    expect(locksForSubscribers(item({ isSale: true, price: 5 }))).toBe(false);
  });

  it('is false once open, and for items that are not for subscribers (or from a server that does not say)', () => {
    expect(locksForSubscribers(item({ locked: false }))).toBe(false);
    expect(locksForSubscribers(item({ subscribersOnly: false }))).toBe(false);
    expect(locksForSubscribers(item({ subscribersOnly: undefined }))).toBe(false);
  });
});

describe('subscribeUrl', () => {
  it('is the subscribe section of the creator’s profile on the platform, by username, else by id', () => {
    expect(subscribeUrl(platform, bruno)).toBe('http://platform.test/bruno.costa#plans');
    expect(subscribeUrl('https://fandeck.example/', { _id: 'a/b c', username: null })).toBe('https://fandeck.example/a%2Fb%20c#plans');
    expect(subscribeUrl(platform, { _id: 'creator-9', username: '' })).toBe('http://platform.test/creator-9#plans');
  });
});

describe('SubscribersOnlyBox', () => {
  it('says the item is for subscribers and, given no page action, links to the creator’s profile on the platform in a new tab', async () => {
    view = renderView(
      <SubscribersOnlyBox creator={bruno}>
        <p>Assine Bruno Costa para ver esta publicação.</p>
      </SubscribersOnlyBox>,
    );
    const link = await findSoon<HTMLAnchorElement>(view.host, 'a[part="subscribe"]');
    await vi.waitFor(() => expect(squash(link.textContent)).toBe('Assinar para ver'), soon);
    expect(link.href).toBe('http://platform.test/bruno.costa#plans');
    expect(link.target).toBe('_blank');
    expect(link.rel).toBe('noopener');
    const box = view.host.querySelector('[part="subscribers-only"]');
    expect(box?.getAttribute('data-lock')).toBe('subscribers');
    expect(squash(box?.querySelector('.feed-card__lock-title')?.textContent)).toBe('Só para assinantes');
    expect(squash(box?.textContent)).toContain('Assine Bruno Costa para ver esta publicação.');
    expect(view.host.querySelector('button')).toBeNull();
  });

  it('given the page’s action, is a button that hands it the creator, and links nowhere', async () => {
    const onSubscribe = vi.fn();
    view = renderView(
      <SubscribersOnlyBox creator={bruno} onSubscribe={onSubscribe}>
        <p>Assine Bruno Costa para ver esta publicação.</p>
      </SubscribersOnlyBox>,
    );
    const button = await findSoon<HTMLButtonElement>(view.host, 'button[part="subscribe"]');
    await vi.waitFor(() => expect(squash(button.textContent)).toBe('Assinar para ver'), soon);
    button.click();
    expect(onSubscribe).toHaveBeenCalledTimes(1);
    expect(onSubscribe).toHaveBeenCalledWith(bruno);
    expect(view.host.querySelector('a')).toBeNull();
  });

  it('speaks the page’s language', async () => {
    await setLocale('en');
    view = renderView(
      <SubscribersOnlyBox creator={bruno} onSubscribe={() => undefined}>
        <p />
      </SubscribersOnlyBox>,
    );
    const button = await findSoon(view.host, 'button[part="subscribe"]');
    await vi.waitFor(() => expect(squash(button.textContent)).toBe('Subscribe to see'), soon);
    expect(squash(view.host.querySelector('.feed-card__lock-title')?.textContent)).toBe('Subscribers only');
    await setLocale('es');
    await vi.waitFor(() => expect(squash(button.textContent)).toBe('Suscribirse para ver'), soon);
    expect(squash(view.host.querySelector('.feed-card__lock-title')?.textContent)).toBe('Solo para suscriptores');
  });
});
