/**
 * For tests of a creator's lists (feed, videos, galleries) where items are locked for
 * subscribers or sold. Only tests import this file.
 */
import { afterEach, beforeAll, expect, vi, type Mock } from 'vitest';
import { loadNamespaces } from '../../i18n/index.js';
import { signedInPage, type WalletPage } from '../../wallet/testing/wallet-test-kit.js';
import { findSoon, squash, type RenderedView } from './render-view.js';

/** The creator whose items the lists show. */
export const bruno = { _id: 'creator-2', username: 'bruno.costa', name: 'Bruno Costa', avatar: '/files/defaults/avatar.svg' };

/** The machine running these may be busy: a wait gets five seconds, not the default one. */
export const soon = { interval: 20 };

export interface ListPage {
  page: WalletPage;
  /** The view the running test rendered; unmounted after it. */
  view: RenderedView | undefined;
}

/**
 * Sets up the page for a list's tests: base texts loaded, a fan signed in with 100 on the
 * wallet, `script` answering the list's reads. After each test its view is gone and no pay is left recorded.
 */
export function listPage(script: (page: WalletPage) => void): ListPage {
  const state = { view: undefined } as ListPage;
  beforeAll(async () => {
    await loadNamespaces(['common']);
    state.page = await signedInPage(100);
    script(state.page);
  });
  afterEach(() => {
    state.view?.unmount();
    state.view = undefined;
    state.page.pays.length = 0;
  });
  return state;
}

/**
 * Checks that `item` offers to subscribe instead of a paid unlock: the box reads 'Só para
 * assinantes', `invitation` and its action; pressing the action hands Bruno to `onSubscribe`.
 */
export async function expectSubscribeOffer(item: Element, invitation: string, onSubscribe: Mock): Promise<void> {
  const action = await findSoon<HTMLButtonElement>(item, 'button[part="subscribe"]');
  await vi.waitFor(() => expect(squash(action.textContent)).toBe('Assinar para ver'), soon);
  const box = item.querySelector('[part="subscribers-only"]');
  expect([...(box?.children ?? [])].map((child) => squash(child.textContent))).toEqual(['Só para assinantes', invitation, 'Assinar para ver']);
  expect(item.querySelector('[part="unlock"]')).toBeNull();
  action.click();
  expect(onSubscribe).toHaveBeenCalledWith(bruno);
}
