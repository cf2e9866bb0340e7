import type { PayQuote } from '@fandeck/contract';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { bridgeLocale, bridgeText } from './bridge-text.js';
import { showConfirmDialog, showQuestionDialog, type ConfirmView } from './confirm-dialog.js';
import { confirmCatalogues, titleKey } from './confirm-texts.js';

const tipQuote: PayQuote = {
  action: 'charge:tip',
  kind: 'tip',
  itemId: 'c1',
  recipient: { _id: 'c1', name: 'Ana Lima', username: 'ana.lima' },
  description: null,
  price: 10,
  credit: null,
  currency: 'BRL',
  quote: 'q',
  expiresAt: '2030-01-01T00:00:00.000Z',
};

/** A private call's quote: no server text, its kind and minutes, which the dialog words itself. */
const callQuote: PayQuote = { ...tipQuote, action: 'charge:stream', kind: 'call', itemId: 'request-1', description: null, price: 25, minutes: 30 };

const view = (overrides: Partial<ConfirmView> = {}): ConfirmView => ({ quote: tipQuote, embedder: 'https://shop.example', locale: 'pt-BR', ...overrides });

afterEach(() => {
  document.querySelectorAll('.fd-backdrop').forEach((node) => node.remove());
});

/**
 * The test runner's frame is scaled, which IntersectionObserver v2 rightly reports as
 * "not plainly visible", so the arming tests run as a browser without v2 would (the
 * delay and the placement reports alone). v2 itself is exercised end to end, where the
 * bridge frame is a real page's (test/e2e/third-party.test.ts, hostile-page.test.ts).
 */
function withoutVisibilityTracking(): () => void {
  const proto = IntersectionObserverEntry.prototype as unknown as Record<string, unknown>;
  const descriptor = Object.getOwnPropertyDescriptor(proto, 'isVisible');
  delete proto.isVisible;
  return () => {
    if (descriptor) Object.defineProperty(proto, 'isVisible', descriptor);
  };
}

describe('the bridge’s confirm dialog', () => {
  it('shows the quote’s facts: kind, price, recipient and the asking origin', async () => {
    const answer = showConfirmDialog(view());
    const dialog = page.getByRole('alertdialog');
    await expect.element(dialog).toBeVisible();
    const text = dialog.element().textContent ?? '';
    expect(text).toContain('Enviar gorjeta');
    expect(text).toMatch(/R\$\s?10,00/);
    expect(text).toContain('Ana Lima (@ana.lima)');
    expect(text).toContain('Pedido por https://shop.example');
    await userEvent.click(page.getByRole('button', { name: 'Cancelar' }));
    expect(await answer).toBe(false);
    expect(document.querySelector('.fd-backdrop')).toBeNull();
  });

  it('shows a top-up’s price and wallet credit, and an unlock’s item', async () => {
    const topup = showConfirmDialog(view({ locale: 'en', quote: { ...tipQuote, action: 'topup', kind: 'topup', recipient: null, itemId: null, price: 22.5, credit: 25 } }));
    let text = page.getByRole('alertdialog').element().textContent ?? '';
    expect(text).toContain('Top up wallet');
    expect(text).toContain('R$22.50');
    expect(text).toContain('Wallet credit');
    expect(text).toContain('R$25.00');
    await userEvent.keyboard('{Escape}');
    expect(await topup).toBe(false);

    const unlock = showConfirmDialog(view({ locale: 'es', quote: { ...tipQuote, action: 'charge:video', kind: 'unlock', description: 'Bastidores' } }));
    text = page.getByRole('alertdialog').element().textContent ?? '';
    // An unlock says what it buys (charge:video).
    expect(text).toContain('Desbloquear video');
    expect(text).toContain('Bastidores');
    expect(text).not.toContain('Crédito');
    await userEvent.keyboard('{Escape}');
    expect(await unlock).toBe(false);
  });

  it('words a private call in the fan’s language from its kind and minutes', async () => {
    const answer = showConfirmDialog(view({ quote: callQuote }));
    const dialog = page.getByRole('alertdialog');
    await expect.element(dialog).toBeVisible();
    let text = dialog.element().textContent ?? '';
    expect(text).toContain('Pagar chamada privada');
    expect(text).toContain('Duração');
    expect(text).toContain('30 min');
    expect(text).toMatch(/R\$\s?25,00/);
    expect(text).not.toContain('Private call');
    expect(text).not.toContain('Desbloquear');
    await userEvent.keyboard('{Escape}');
    expect(await answer).toBe(false);

    const spanish = showConfirmDialog(view({ locale: 'es', quote: callQuote }));
    text = page.getByRole('alertdialog').element().textContent ?? '';
    expect(text).toContain('Pagar llamada privada');
    expect(text).toContain('Duración');
    expect(text).toContain('30 min');
    await userEvent.keyboard('{Escape}');
    expect(await spanish).toBe(false);
  });

  it('arms Confirm once visible and still, and takes the fan’s click after the fan’s own movement but never a script’s', async () => {
    onTestFinished(withoutVisibilityTracking());
    const answer = showConfirmDialog(view({ locale: 'en' }));
    const confirm = page.getByRole('button', { name: 'Confirm' });
    await expect.element(confirm).toBeDisabled();
    // A script's click is not the fan's, even on an enabled button.
    const button = confirm.element() as HTMLButtonElement;
    button.disabled = false;
    button.click();
    button.disabled = true;
    // Visible and still: Confirm is enabled (for the keyboard), but the pointer has not moved over it yet.
    await expect.element(confirm).toBeEnabled();
    expect(button.dataset.state).toBe('armed');
    expect(button.dataset.pointer).toBe('none');
    // The fan moves the cursor onto the dialog, which stays where it is: the mouse arms too.
    await userEvent.hover(confirm);
    await expect.element(confirm).toHaveAttribute('data-pointer', 'armed');
    await userEvent.click(confirm);
    expect(await answer).toBe(true);
  });

  it('re-arms when the window it lives in is resized', async () => {
    onTestFinished(withoutVisibilityTracking());
    const answer = showConfirmDialog(view());
    const confirm = page.getByRole('button', { name: 'Confirmar' });
    await expect.element(confirm).toBeEnabled();
    window.dispatchEvent(new Event('resize'));
    expect((confirm.element() as HTMLButtonElement).disabled).toBe(true);
    await expect.element(confirm).toBeEnabled();
    await userEvent.keyboard('{Escape}');
    expect(await answer).toBe(false);
  });

  it('closes unconfirmed when its signal ends', async () => {
    const controller = new AbortController();
    const answer = showConfirmDialog(view({ signal: controller.signal }));
    await expect.element(page.getByRole('alertdialog')).toBeVisible();
    controller.abort();
    expect(await answer).toBe(false);
    expect(document.querySelector('.fd-backdrop')).toBeNull();
  });
});

describe('the same dialog asking a plain question', () => {
  it('answers yes only for its yes button; Back and Escape answer no; the page behind is inert meanwhile', async () => {
    const behind = document.createElement('button');
    behind.textContent = 'Behind';
    document.body.append(behind);
    onTestFinished(() => behind.remove());
    const asked = showQuestionDialog({ question: 'Excluir este vídeo?', locale: 'pt-BR', tone: 'danger' });
    const dialog = page.getByRole('alertdialog', { name: 'Excluir este vídeo?' });
    await expect.element(dialog).toBeVisible();
    expect(dialog.element().getAttribute('data-tone')).toBe('danger');
    expect(behind.inert).toBe(true);
    // No arming on a question: yes works at once.
    await expect.element(dialog.getByRole('button', { name: 'Confirmar' })).toBeEnabled();
    await userEvent.click(dialog.getByRole('button', { name: 'Voltar' }));
    expect(await asked).toBe(false);
    expect(behind.inert).toBe(false);

    const escaped = showQuestionDialog({ question: 'Recusar o pedido?', locale: 'en', confirmText: 'Refuse' });
    await expect.element(page.getByRole('alertdialog', { name: 'Recusar o pedido?' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(await escaped).toBe(false);

    const accepted = showQuestionDialog({ question: 'Apagar?', locale: 'es' });
    await userEvent.click(page.getByRole('alertdialog').getByRole('button', { name: 'Confirmar' }));
    expect(await accepted).toBe(true);
    expect(document.querySelector('.fd-backdrop')).toBeNull();
  });
});

describe('confirm texts', () => {
  it('pick a supported locale, interpolate, and have the same keys in every locale', () => {
    expect(bridgeLocale('en-US')).toBe('en');
    expect(bridgeLocale('ES')).toBe('es');
    expect(bridgeLocale('pt-br')).toBe('pt-BR');
    expect(bridgeLocale('fr')).toBe('pt-BR');
    expect(bridgeLocale(null)).toBe('pt-BR');
    expect(bridgeText('en', 'requestedBy', { origin: 'https://a.example' })).toBe('Requested by https://a.example');
    const keys = Object.keys(confirmCatalogues['pt-BR']).sort();
    expect(Object.keys(confirmCatalogues.en).sort()).toEqual(keys);
    expect(Object.keys(confirmCatalogues.es).sort()).toEqual(keys);
  });

  it('title an unlock by what it buys, and every other payment by its kind', () => {
    expect(bridgeText('pt-BR', titleKey({ kind: 'unlock', action: 'charge:video' }))).toBe('Desbloquear vídeo');
    expect(bridgeText('en', titleKey({ kind: 'unlock', action: 'charge:feed' }))).toBe('Unlock post');
    expect(bridgeText('es', titleKey({ kind: 'unlock', action: 'charge:other' }))).toBe('Desbloquear contenido');
    expect(bridgeText('pt-BR', titleKey({ kind: 'topup', action: 'topup' }))).toBe('Recarregar carteira');
  });
});
