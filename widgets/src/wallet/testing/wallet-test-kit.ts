/**
 * Shared by the wallet and tip tests: the page's session on a scripted transport (no
 * network), the platform's answers, and DOM helpers that reach into shadow roots.
 * Only tests import this file.
 */
import { vi } from 'vitest';
import { getSession, type Session } from '../../session/session.js';
import { createFakeTransport, demoFan, fail, ok, type FakeTransport } from '../../session/testing/fake-transport.js';
import { whenSignal } from '../../session/testing/signal-waits.js';

export { demoFan, fail, ok };

export const walletSettings = {
  minTopupWalletAmount: 2.95,
  maxTopupWalletAmount: 300,
  minTipAmount: 10,
  maxTipAmount: 10000,
  paymentGateway: 'pix-sandbox',
  stripePublishableKey: '',
};

export const brCode =
  '00020101021226850014br.gov.bcb.pix2563pix.fandeck.local/qr/v2/cob/5f0c6a0e6d2c4f7e9b1a2c3d4e5f60715204000053039865406025.005802BR5907FANDECK6009SAO PAULO62070503***6304B1A2';

/**
 * Stands in for the server's drawing of `brCode` (the server's tests decode the real one):
 * the widget shows whatever SVG the answer carries, so a small recognisable one will do.
 */
export const qrCodeSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29" shape-rendering="crispEdges"><path fill="#ffffff" d="M0 0h29v29H0z"/><path stroke="#000000" d="M4 4.5h7M4 10.5h7M18 4.5h7M4 24.5h7"/></svg>';

/** How the widget hands an SVG to its `<img>`. */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export function pendingTransaction(overrides: Record<string, unknown> = {}) {
  return {
    _id: 'tx-1',
    userId: demoFan._id,
    type: 'topup',
    status: 'pending',
    paymentGateway: 'pix-sandbox',
    currency: 'BRL',
    amount: 25,
    tokens: 25,
    discount: 0,
    couponId: null,
    brCode,
    qrCodeUrl: 'http://platform.test/api/payment/transactions/qrcode?transactionId=tx-1',
    qrCodeSvg,
    sandboxUrl: 'http://platform.test/api/payment/sandbox/tx-1',
    reviewReason: null,
    expiresAt: null,
    paidAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export interface WalletPage {
  transport: FakeTransport;
  session: Session;
  /** Every money action the widgets asked the platform to quote, confirm and send. */
  pays: FakeTransport['payCalls'];
  /** The fan's next answer to the confirm (default yes). */
  confirmAnswer: { value: boolean };
  /** The test plays the server's live channel. */
  serverEmit(event: string, payload: unknown): void;
}

/** The page's one session, signed in as demoFan (balance 20), live channel connected. */
export async function signedInPage(balance = demoFan.balance): Promise<WalletPage> {
  const transport = createFakeTransport({ credential: true });
  const confirmAnswer = { value: true };
  transport.confirmPay = () => confirmAnswer.value;
  transport.respond('GET', '/settings/public', ok(walletSettings));
  transport.respond('GET', '/users/me', ok({ ...demoFan, balance }));
  const session = getSession({ transport, lazy: true });
  await session.settings.load();
  await session.user.refresh();
  await vi.waitFor(() => {
    if (!transport.channel) throw new Error('no live channel yet');
  });
  transport.channel?.setStatus('connected');
  return {
    transport,
    session,
    pays: transport.payCalls,
    confirmAnswer,
    serverEmit: (event, payload) => transport.channel?.serverEmit(event, payload),
  };
}

export function waitForBalance(session: Session, balance: number): Promise<unknown> {
  return whenSignal(session.user.current, (user) => user?.balance === balance, 3000, `balance ${balance}`);
}

/** Readies the page for the next test: nothing recorded, the fan confirms, the balance back at `balance`. */
export async function resetPage(page: WalletPage, balance: number): Promise<void> {
  page.transport.calls.length = 0;
  page.pays.length = 0;
  page.confirmAnswer.value = true;
  const current = page.session.user.current.value?.balance ?? balance;
  if (current !== balance) page.serverEmit('update_balance', { token: balance - current, balance });
  await waitForBalance(page.session, balance);
}

export const part = (root: Element | ShadowRoot, name: string) =>
  (root instanceof Element ? root.shadowRoot : root)?.querySelector<HTMLElement>(`[part~="${name}"]`) ?? null;

export const parts = (root: Element | ShadowRoot, name: string) => [
  ...((root instanceof Element ? root.shadowRoot : root)?.querySelectorAll<HTMLElement>(`[part~="${name}"]`) ?? []),
];

/** The part, once it is there. */
export async function partSoon(root: Element, name: string): Promise<HTMLElement> {
  return vi.waitFor(() => {
    const found = part(root, name);
    if (!found) throw new Error(`no [part~="${name}"] yet`);
    return found;
  });
}

/** Types into a React-controlled input or textarea the way a user would. */
export function type(field: HTMLElement | null, value: string): void {
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) throw new Error('not a text field');
  const proto = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Adds an element to the page and waits for its first render. */
export async function mount<K extends 'fan-wallet-topup' | 'fan-tip-button'>(tag: K, attributes: Record<string, string> = {}): Promise<HTMLElementTagNameMap[K]> {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  await element.rendered;
  return element;
}

/** Records `type` events heard on document, with whether they crossed the shadow boundary. */
export function listen<E extends Event>(type: string): { events: E[]; stop(): void } {
  const events: E[] = [];
  const listener = (event: Event) => events.push(event as E);
  document.addEventListener(type, listener);
  return { events, stop: () => document.removeEventListener(type, listener) };
}
