/**
 * The confirm step for money-moving actions, drawn by the bridge inside its own frame.
 * Page scripts cannot click in a cross-origin frame, so only the fan can confirm. To
 * resist clickjacking (a page hiding or covering the frame and luring a click), the
 * Confirm button is enabled only once the dialog has been on screen, unobscured, for a
 * moment: Chromium's IntersectionObserver v2 reports that; other browsers get the delay.
 */
import type { ConfirmRequest } from '../session/transport.js';
import { bridgeText, formatAmount } from './bridge-text.js';

export interface ConfirmView {
  request: ConfirmRequest;
  /** The page that asked, as the bridge verified it. */
  embedder: string;
  /** The creator's name as the platform knows it (never the page's say-so), when there is one. */
  creatorName: string | null;
  locale: string;
}

/** How long the dialog must have been visible before Confirm takes a click. */
export const ARM_DELAY_MS = 600;

const TITLE_KEYS = { tip: 'confirmTip', subscribe: 'confirmSubscribe', topup: 'confirmTopup', unlock: 'confirmUnlock' } as const;

interface VisibilityEntry extends IntersectionObserverEntry {
  isVisible?: boolean;
}

export function showConfirmDialog(view: ConfirmView): Promise<boolean> {
  const { request, locale } = view;
  const t = (key: Parameters<typeof bridgeText>[1], values?: Record<string, string>) => bridgeText(locale, key, values);
  const root = el('div', 'fd-backdrop');
  const dialog = el('div', 'fd-dialog');
  dialog.setAttribute('role', 'alertdialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', 'fd-confirm-title');
  const heading = el('h1', 'fd-title', t(TITLE_KEYS[request.kind]));
  heading.id = 'fd-confirm-title';
  const amount = el('p', 'fd-amount', formatAmount(locale, request.amount, request.currency));
  amount.setAttribute('data-testid', 'confirm-amount');
  const facts = el('dl', 'fd-facts');
  addFact(facts, t('confirmAmount'), amount.textContent ?? '');
  if (view.creatorName) addFact(facts, t('confirmCreator'), view.creatorName);
  if (request.title.trim()) addFact(facts, t('confirmDetails'), request.title.trim());
  const origin = el('p', 'fd-origin', t('confirmRequestedBy', { origin: view.embedder }));
  const hint = el('p', 'fd-hint', t('confirmHint'));
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
    let armTimer: number | undefined;
    const arm = (visible: boolean) => {
      window.clearTimeout(armTimer);
      confirm.disabled = true;
      if (visible) armTimer = window.setTimeout(() => (confirm.disabled = false), ARM_DELAY_MS);
    };
    const observer = watchVisibility(dialog, arm);
    const finish = (answer: boolean) => {
      window.clearTimeout(armTimer);
      observer?.disconnect();
      document.removeEventListener('keydown', onKey, true);
      root.remove();
      document.documentElement.removeAttribute('data-state');
      resolve(answer);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') finish(false);
    };
    document.addEventListener('keydown', onKey, true);
    cancel.addEventListener('click', () => finish(false));
    // Only a real, trusted click counts; a disabled button never fires.
    confirm.addEventListener('click', (event) => {
      if (event.isTrusted && !confirm.disabled) finish(true);
    });
    if (!observer) arm(true);
  });
}

/** Calls `onChange(visible)`; null when the browser cannot tell (then the caller just waits). */
function watchVisibility(target: Element, onChange: (visible: boolean) => void): IntersectionObserver | null {
  if (typeof IntersectionObserver === 'undefined' || !('isVisible' in IntersectionObserverEntry.prototype)) return null;
  const observer = new IntersectionObserver(
    (entries) => {
      const entry = entries[entries.length - 1] as VisibilityEntry | undefined;
      // The whole dialog (amount, creator, origin and buttons) must be on screen and unobscured.
      if (entry) onChange(entry.intersectionRatio >= 0.99 && entry.isVisible === true);
    },
    { threshold: [0, 0.5, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit,
  );
  observer.observe(target);
  return observer;
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
