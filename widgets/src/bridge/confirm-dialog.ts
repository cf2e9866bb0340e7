/**
 * The confirm step of a `pay`, drawn by the bridge inside its own frame from the
 * server's quote alone: what kind of payment, to whom, for what, the price as the
 * server will charge it, and which page asked. Page scripts cannot click in a
 * cross-origin frame, so only the fan can confirm; against a page that moves, hides or
 * covers the frame to catch a click meant for itself, Confirm takes a click only once
 * the dialog has been visible and still for a moment and, for a mouse click, once the
 * fan has moved the pointer over it (confirm-arming.ts).
 */
import type { PayQuote } from '@fandeck/contract';
import { ConfirmArming } from './confirm-arming.js';
import { TITLE_KEYS, type ConfirmTextKey } from './confirm-texts.js';
import { watchPlacement } from './confirm-watch.js';
import { bridgeText, formatAmount } from './bridge-text.js';

export interface ConfirmView {
  quote: PayQuote;
  /** The page that asked, as the bridge verified it. */
  embedder: string;
  locale: string;
  /** Closes the dialog unconfirmed (the page gave up, or the credential changed). */
  signal?: AbortSignal;
  /** The clock arming reads; tests pass their own. */
  now?: () => number;
}

/** How long the dialog must have been visible and still before Confirm takes a click. */
export const ARM_DELAY_MS = 600;

export function showConfirmDialog(view: ConfirmView): Promise<boolean> {
  const { quote, locale } = view;
  if (view.signal?.aborted) return Promise.resolve(false);
  const t = (key: ConfirmTextKey, values?: Record<string, string>) => bridgeText(locale, key, values);
  const money = (amount: number) => formatAmount(locale, amount, quote.currency);

  const root = el('div', 'fd-backdrop');
  const dialog = el('div', 'fd-dialog');
  dialog.setAttribute('role', 'alertdialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', 'fd-confirm-title');
  dialog.dataset.kind = quote.kind;
  const heading = el('h1', 'fd-title', t(TITLE_KEYS[quote.kind]));
  heading.id = 'fd-confirm-title';
  const amount = el('p', 'fd-amount', money(quote.price));
  amount.dataset.testid = 'confirm-amount';
  const facts = el('dl', 'fd-facts');
  addFact(facts, t('price'), money(quote.price));
  if (quote.kind === 'topup' && quote.credit !== null) addFact(facts, t('credit'), money(quote.credit));
  if (quote.recipient) addFact(facts, t('recipient'), quote.recipient.username ? `${quote.recipient.name} (@${quote.recipient.username})` : quote.recipient.name);
  if (quote.description?.trim()) addFact(facts, t('item'), quote.description.trim());
  if (quote.minutes !== undefined) addFact(facts, t('duration'), t('minutes', { minutes: String(quote.minutes) }));
  const origin = el('p', 'fd-origin', t('requestedBy', { origin: view.embedder }));
  const hint = el('p', 'fd-hint', t('hint'));
  const actions = el('div', 'fd-actions');
  const cancel = el('button', 'fd-cancel', t('cancel')) as HTMLButtonElement;
  const confirm = el('button', 'fd-confirm', t('confirm')) as HTMLButtonElement;
  cancel.type = confirm.type = 'button';
  confirm.disabled = true;
  actions.append(cancel, confirm);
  dialog.append(heading, amount, facts, origin, hint, actions);
  root.append(dialog);
  document.body.append(root);
  document.documentElement.setAttribute('data-state', 'confirming');
  cancel.focus();

  return new Promise<boolean>((resolve) => {
    const arming = new ConfirmArming(ARM_DELAY_MS, view.now ?? (() => performance.now()));
    let timer: number | undefined;
    // Confirm looks enabled exactly when a click would count; the click handler decides again on its own.
    const redraw = () => {
      window.clearTimeout(timer);
      const wait = arming.msUntilArmed();
      const pointerWait = arming.msUntilPointerArmed();
      // Enabled once the keyboard may confirm (a disabled button takes no key either).
      confirm.disabled = wait !== 0;
      confirm.dataset.state = wait === 0 ? 'armed' : 'arming';
      // Whether a mouse click where the pointer is would count: "none" until the fan moves it over the dialog.
      confirm.dataset.pointer = pointerWait === 0 ? 'armed' : arming.pointerSeen ? 'moving' : 'none';
      const next = [wait, pointerWait].filter((ms): ms is number => ms !== null && ms > 0);
      if (next.length > 0) timer = window.setTimeout(redraw, Math.min(...next) + 5);
    };
    const stopWatching = watchPlacement(dialog, arming, redraw);
    let done = false;
    const finish = (answer: boolean) => {
      if (done) return;
      done = true;
      window.clearTimeout(timer);
      stopWatching();
      document.removeEventListener('keydown', onKey, true);
      view.signal?.removeEventListener('abort', onAbort);
      root.remove();
      document.documentElement.removeAttribute('data-state');
      resolve(answer);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') finish(false);
    };
    const onAbort = () => finish(false);
    document.addEventListener('keydown', onKey, true);
    view.signal?.addEventListener('abort', onAbort, { once: true });
    cancel.addEventListener('click', () => finish(false));
    confirm.addEventListener('click', (event) => {
      // Only the fan's own click counts, and only where the fan's own movement brought the pointer.
      if (!event.isTrusted) return;
      if (arming.acceptsClick(event)) finish(true);
      else redraw();
    });
    redraw();
  });
}

function el(tag: string, className: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function addFact(list: HTMLElement, term: string, value: string): void {
  list.append(el('dt', 'fd-term', term), el('dd', 'fd-value', value));
}
