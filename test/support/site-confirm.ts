/**
 * The platform's own confirm dialog on its site (widgets/src/bridge/confirm-dialog.ts): the
 * payment confirm the session's direct transport shows, and the same dialog asking a plain
 * question (a delete, a refusal: ui/ask-confirm.ts). Not the browser's `confirm()`. This
 * answers it as a user does, with a real click on its yes or no button, and records what it
 * said (a question's text exactly), the way `page.on('dialog')` did for the browser's.
 *
 * The page reports each dialog it draws through a binding (a MutationObserver added
 * before any script of the page runs), so a flow needs no wait of its own: the answer is
 * given whenever the dialog appears, on this page and after every navigation.
 */
import type { Page } from 'playwright-core';

export interface SiteConfirms {
  /** Each dialog's text (a payment's title, amount and facts; a question as asked), in order. */
  readonly texts: string[];
  /** Whether the next dialogs are confirmed (default) or cancelled. */
  answer: 'confirm' | 'cancel';
}

const BINDING = 'fandeckPayConfirmShown';
const watched = new WeakMap<Page, SiteConfirms>();

/** Starts answering the site's confirm dialogs on this page; call before the first navigation. */
export async function answerSiteConfirms(page: Page, texts: string[] = []): Promise<SiteConfirms> {
  const known = watched.get(page);
  if (known) return known;
  const state: SiteConfirms = { texts, answer: 'confirm' };
  watched.set(page, state);
  await page.exposeBinding(BINDING, async (_source, text: string) => {
    state.texts.push(text.replace(/\s+/g, ' ').trim());
    const dialog = page.locator('.fd-dialog');
    await dialog.locator(state.answer === 'confirm' ? 'button.fd-confirm' : 'button.fd-cancel').click();
  });
  await page.addInitScript((binding: string) => {
    const report = (node: Node) => {
      if (!(node instanceof HTMLElement)) return;
      const dialog = node.querySelector<HTMLElement>('.fd-dialog');
      if (!dialog) return;
      const text = Array.from(dialog.querySelectorAll('h1, h2, p, dt, dd')).map((part) => part.textContent ?? '').join(' ');
      void (window as unknown as Record<string, (text: string) => Promise<void>>)[binding]!(text);
    };
    new MutationObserver((records) => records.forEach((record) => record.addedNodes.forEach(report))).observe(document, { childList: true, subtree: true });
  }, BINDING);
  return state;
}
