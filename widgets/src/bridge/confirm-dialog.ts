/**
 * The platform's payment confirm, drawn from the server's quote alone: what kind of
 * payment, to whom, for what, the price as the server will charge it and, on a
 * third-party page, which page asked. One component for both places money moves:
 *
 * - the bridge shows it inside its own frame (`embedder` set, `guard` on). Page scripts
 *   cannot click in a cross-origin frame, so only the fan can confirm; against a page that
 *   moves, hides or covers the frame to catch a click meant for itself, Confirm takes a
 *   click only once the dialog has been visible and still for a moment and, for a mouse
 *   click, once the fan has moved the pointer over it (confirm-arming.ts);
 * - the platform's own site shows it over its page (the direct transport, `guard` off):
 *   no other page is there to trick the fan, so Confirm works at once.
 *
 * Either way it is modal: the rest of the page is inert while it is open, Tab stays on its
 * two buttons, Escape and Cancel answer no (and nothing is charged). Its texts are the
 * `confirm` namespace (confirm-texts.ts); its look, confirm-dialog.css, comes with it.
 */
import type { PayQuote } from '@fandeck/contract';
import { ConfirmArming } from './confirm-arming.js';
import styles from './confirm-dialog.css?inline';
import { titleKey, type ConfirmTextKey } from './confirm-texts.js';
import { watchPlacement } from './confirm-watch.js';
import { bridgeText, formatAmount } from './bridge-text.js';

export interface ConfirmView {
  quote: PayQuote;
  /** The page that asked, as the bridge verified it; absent on the platform's own site. */
  embedder?: string;
  locale: string;
  /** Closes the dialog unconfirmed (the page gave up, or the credential changed). */
  signal?: AbortSignal;
  /** The clickjacking guard (default on): off only on the platform's own origin. */
  guard?: boolean;
  /** The clock arming reads; tests pass their own. */
  now?: () => number;
}

/** How long the dialog must have been visible and still before Confirm takes a click. */
export const ARM_DELAY_MS = 600;

const STYLE_ID = 'fd-confirm-style';

export function showConfirmDialog(view: ConfirmView): Promise<boolean> {
  const { quote, locale } = view;
  const guard = view.guard !== false;
  const t = (key: ConfirmTextKey, values?: Record<string, string>) => bridgeText(locale, key, values);
  const money = (amount: number) => formatAmount(locale, amount, quote.currency);

  // The bridge's frame is a document of its own, where this is the page's one heading.
  const heading = el(view.embedder === undefined ? 'h2' : 'h1', 'fd-title', t(titleKey(quote)));
  const amount = el('p', 'fd-amount', money(quote.price));
  amount.dataset.testid = 'confirm-amount';
  const facts = el('dl', 'fd-facts');
  if (quote.kind === 'topup' && quote.credit !== null && quote.credit !== quote.price) addFact(facts, t('credit'), money(quote.credit));
  if (quote.recipient) addFact(facts, t('recipient'), quote.recipient.username ? `${quote.recipient.name} (@${quote.recipient.username})` : quote.recipient.name);
  // The item's own words (a post's text may name its price too): shown as a quote, apart from the amount.
  if (quote.description?.trim()) addFact(facts, t('item'), `“${quote.description.trim()}”`);
  if (quote.minutes !== undefined) addFact(facts, t('duration'), t('minutes', { minutes: String(quote.minutes) }));
  const notes = view.embedder === undefined ? [el('p', 'fd-hint', t('siteHint'))] : [el('p', 'fd-origin', t('requestedBy', { origin: view.embedder })), el('p', 'fd-hint', t('hint'))];

  return openDialog({
    testId: 'pay-confirm',
    kind: quote.kind,
    label: heading,
    description: [amount, ...(facts.childElementCount > 0 ? [facts] : [])],
    nodes: [heading, amount, ...(facts.childElementCount > 0 ? [facts] : []), ...notes],
    cancelText: t('cancel'),
    confirmText: guard ? t('confirm') : t('confirmAmount', { amount: money(quote.price) }),
    ...(guard ? { arming: view.now ?? (() => performance.now()) } : {}),
    ...(view.signal ? { signal: view.signal } : {}),
  });
}

export interface QuestionView {
  /** What the user is asked, as the page words it ("Delete this video?"). */
  question: string;
  locale: string;
  /** The button that answers yes; default the confirm namespace's "Confirm". */
  confirmText?: string;
  /** `danger` for what cannot be undone (a delete): the yes button says so by its colour. */
  tone?: 'danger';
  signal?: AbortSignal;
}

/**
 * The same dialog asking a plain question that moves no money (a delete, a refusal, a
 * cancellation), so the site never falls back to the browser's `confirm()`. Answers true
 * only for the yes button; "Back", Escape and the signal answer false.
 */
export function showQuestionDialog(view: QuestionView): Promise<boolean> {
  const question = el('p', 'fd-question', view.question);
  return openDialog({
    testId: 'confirm-question',
    kind: 'question',
    ...(view.tone ? { tone: view.tone } : {}),
    label: question,
    description: [],
    nodes: [question],
    cancelText: bridgeText(view.locale, 'back'),
    confirmText: view.confirmText ?? bridgeText(view.locale, 'confirm'),
    ...(view.signal ? { signal: view.signal } : {}),
  });
}

interface DialogParts {
  testId: string;
  kind: string;
  tone?: 'danger';
  /** What names the dialog, and what describes it. */
  label: HTMLElement;
  description: HTMLElement[];
  nodes: HTMLElement[];
  cancelText: string;
  confirmText: string;
  /** The clickjacking guard's clock (the bridge); absent, Confirm works at once. */
  arming?: () => number;
  signal?: AbortSignal;
}

let dialogs = 0;

/** Draws the dialog and answers the user's choice: the part both uses share. */
function openDialog(parts: DialogParts): Promise<boolean> {
  if (parts.signal?.aborted) return Promise.resolve(false);
  addStyles();
  const id = `fd-dialog-${++dialogs}`;
  const root = el('div', 'fd-backdrop');
  const dialog = el('div', 'fd-dialog');
  dialog.setAttribute('role', 'alertdialog');
  dialog.setAttribute('aria-modal', 'true');
  parts.label.id = `${id}-label`;
  dialog.setAttribute('aria-labelledby', parts.label.id);
  parts.description.forEach((node, index) => (node.id = `${id}-text-${index}`));
  if (parts.description.length > 0) dialog.setAttribute('aria-describedby', parts.description.map((node) => node.id).join(' '));
  dialog.dataset.kind = parts.kind;
  dialog.dataset.testid = parts.testId;
  if (parts.tone) dialog.dataset.tone = parts.tone;
  const actions = el('div', 'fd-actions');
  const cancel = el('button', 'fd-cancel', parts.cancelText) as HTMLButtonElement;
  const confirm = el('button', 'fd-confirm', parts.confirmText) as HTMLButtonElement;
  cancel.type = confirm.type = 'button';
  const guarded = parts.arming !== undefined;
  confirm.disabled = guarded;
  actions.append(cancel, confirm);
  dialog.append(...parts.nodes, actions);
  root.append(dialog);
  const restoreInert = makeRestInert();
  document.body.append(root);
  document.documentElement.setAttribute('data-state', 'confirming');
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  cancel.focus();

  return new Promise<boolean>((resolve) => {
    const arming = new ConfirmArming(ARM_DELAY_MS, parts.arming ?? (() => 0));
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
    const stopWatching = guarded ? watchPlacement(dialog, arming, redraw) : () => {};
    if (!guarded) confirm.dataset.state = 'armed';
    let done = false;
    const finish = (answer: boolean) => {
      if (done) return;
      done = true;
      window.clearTimeout(timer);
      stopWatching();
      document.removeEventListener('keydown', onKey, true);
      parts.signal?.removeEventListener('abort', onAbort);
      root.remove();
      restoreInert();
      if (!document.querySelector('.fd-backdrop')) document.documentElement.removeAttribute('data-state');
      if (before?.isConnected) before.focus({ preventScroll: true });
      resolve(answer);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        finish(false);
      } else if (event.key === 'Tab') {
        // Focus stays on the dialog's buttons (Confirm only once it takes a key).
        event.preventDefault();
        const order = [cancel, confirm].filter((button) => !button.disabled);
        const at = order.indexOf(document.activeElement as HTMLButtonElement);
        const next = at < 0 ? 0 : (at + (event.shiftKey ? order.length - 1 : 1)) % order.length;
        order[next]?.focus();
      }
    };
    const onAbort = () => finish(false);
    document.addEventListener('keydown', onKey, true);
    parts.signal?.addEventListener('abort', onAbort, { once: true });
    cancel.addEventListener('click', () => finish(false));
    confirm.addEventListener('click', (event) => {
      if (!guarded) return finish(true);
      // Only the fan's own click counts, and only where the fan's own movement brought the pointer.
      if (!event.isTrusted) return;
      if (arming.acceptsClick(event)) finish(true);
      else redraw();
    });
    if (guarded) redraw();
  });
}

/** The dialog's look, once per document (the bridge's page and the site allow inline styles). */
function addStyles(): void {
  if (document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = styles;
  document.head.append(style);
}

/** Everything else on the page inert while the dialog is open; answers the undo. */
function makeRestInert(): () => void {
  const made = [...document.body.children].filter((node): node is HTMLElement => node instanceof HTMLElement && !node.inert);
  for (const node of made) node.inert = true;
  return () => {
    for (const node of made) node.inert = false;
  };
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
