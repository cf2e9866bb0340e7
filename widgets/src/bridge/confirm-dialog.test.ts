import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { bridgeLocale, bridgeText } from './bridge-text.js';
import { showConfirmDialog, type ConfirmView } from './confirm-dialog.js';

const view = (overrides: Partial<ConfirmView> = {}): ConfirmView => ({
  request: { kind: 'tip', title: 'Gorjeta pelo vídeo', amount: 10, currency: 'BRL', creator: { _id: 'c1', name: 'Page says' } },
  embedder: 'https://shop.example',
  creatorName: 'Ana Lima',
  locale: 'pt-BR',
  ...overrides,
});

afterEach(() => {
  document.querySelectorAll('.fd-backdrop').forEach((node) => node.remove());
});

describe('the bridge’s confirm dialog', () => {
  it('shows the platform’s facts: kind, amount, verified creator, details and the asking origin', async () => {
    const answer = showConfirmDialog(view());
    const dialog = page.getByRole('alertdialog');
    await expect.element(dialog).toBeVisible();
    const text = dialog.element().textContent ?? '';
    expect(text).toContain('Enviar gorjeta');
    expect(text).toMatch(/R\$\s?10,00/);
    expect(text).toContain('Ana Lima');
    expect(text).not.toContain('Page says');
    expect(text).toContain('Gorjeta pelo vídeo');
    expect(text).toContain('Pedido por https://shop.example');
    await userEvent.click(page.getByRole('button', { name: 'Cancelar' }));
    expect(await answer).toBe(false);
    expect(document.querySelector('.fd-backdrop')).toBeNull();
  });

  it('without a visibility signal, arms Confirm after a delay, and takes only real clicks', async () => {
    // Browsers without IntersectionObserver v2 get the delay alone.
    const proto = IntersectionObserverEntry.prototype as unknown as Record<string, unknown>;
    const descriptor = Object.getOwnPropertyDescriptor(proto, 'isVisible');
    delete proto.isVisible;
    try {
      const answer = showConfirmDialog(view({ locale: 'en' }));
      const confirm = page.getByRole('button', { name: 'Confirm' });
      await expect.element(confirm).toBeDisabled();
      // A script's click is not the fan's.
      const button = confirm.element() as HTMLButtonElement;
      button.disabled = false;
      button.click();
      button.disabled = true;
      await expect.element(confirm).toBeEnabled();
      await userEvent.click(confirm);
      expect(await answer).toBe(true);
    } finally {
      if (descriptor) Object.defineProperty(proto, 'isVisible', descriptor);
    }
  });

  it('keeps Confirm disabled while the browser says the dialog is not plainly visible', async () => {
    // What a page does to hide a frame it wants clicked: make it (nearly) transparent.
    // IntersectionObserver v2 reports the dialog as not visible then.
    expect('isVisible' in IntersectionObserverEntry.prototype).toBe(true);
    document.body.style.opacity = '0.2';
    try {
      const answer = showConfirmDialog(view());
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await expect.element(page.getByRole('button', { name: 'Confirmar' })).toBeDisabled();
      await userEvent.click(page.getByRole('button', { name: 'Cancelar' }));
      expect(await answer).toBe(false);
    } finally {
      document.body.style.opacity = '';
    }
  });

  it('cancels on Escape', async () => {
    const answer = showConfirmDialog(view({ creatorName: null }));
    await expect.element(page.getByRole('alertdialog')).toBeVisible();
    expect(page.getByRole('alertdialog').element().textContent).not.toContain('Criador');
    await userEvent.keyboard('{Escape}');
    expect(await answer).toBe(false);
  });
});

describe('bridge texts', () => {
  it('pick a supported locale and interpolate', () => {
    expect(bridgeLocale('en-US')).toBe('en');
    expect(bridgeLocale('ES')).toBe('es');
    expect(bridgeLocale('pt-br')).toBe('pt-BR');
    expect(bridgeLocale('fr')).toBe('pt-BR');
    expect(bridgeLocale(null)).toBe('pt-BR');
    expect(bridgeText('en', 'confirmRequestedBy', { origin: 'https://a.example' })).toBe('Requested by https://a.example');
  });
});
