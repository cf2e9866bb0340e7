import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadNamespaces, setLocale } from '../i18n/index.js';
import { findSoon, renderView, type RenderedView } from '../ui/testing/render-view.js';
import { PixPayment } from './pix-payment.js';
import { brCode, pendingTransaction, qrCodeSvg, svgDataUrl } from './testing/wallet-test-kit.js';
import type { TrackedStatus } from './top-up.model.js';
import { toTransaction, type TopUpTransaction } from './wallet-api.js';

let view: RenderedView | undefined;

beforeAll(async () => {
  await loadNamespaces(['common', 'wallet']);
});

beforeEach(async () => {
  await setLocale('pt-BR');
});

afterEach(() => {
  view?.unmount();
  view = undefined;
});

/** The view for the kit's pending transaction, changed by `overrides`; resolves once it shows its status. */
async function show(overrides: Record<string, unknown> = {}, status: TrackedStatus = 'pending'): Promise<HTMLElement> {
  view?.unmount();
  const transaction = toTransaction(pendingTransaction(overrides)) as TopUpTransaction;
  view = renderView(<PixPayment transaction={transaction} status={status} onCheckAgain={() => {}} onRestart={() => {}} />);
  await findSoon(view.host, '[part~="status"]');
  return view.host;
}

const byPart = <E extends HTMLElement = HTMLElement>(host: HTMLElement, name: string) => host.querySelector<E>(`[part~="${name}"]`);

describe('PixPayment', () => {
  it("shows the server's SVG as an image, and the copy-and-paste code", async () => {
    const host = await show();
    const image = byPart(host, 'qr');
    expect(image).toBeInstanceOf(HTMLImageElement);
    if (!(image instanceof HTMLImageElement)) return;
    expect(image.getAttribute('src')).toBe(svgDataUrl(qrCodeSvg));
    expect(image.alt).toMatch(/^QR code do PIX de R\$\s?25,00$/);
    // The browser draws it: a square, as the SVG's viewBox is.
    await image.decode();
    expect(image.naturalWidth).toBeGreaterThan(0);
    expect(image.naturalWidth).toBe(image.naturalHeight);
    expect(byPart<HTMLTextAreaElement>(host, 'pix-code')?.value).toBe(brCode);
    expect(byPart(host, 'copy')?.textContent).toBe('Copiar código');
  });

  it('never lets the string in as markup: scripts and handlers in it stay inside the image', async () => {
    const hostile =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" onload="window.__fanQrRan = 1"><script>window.__fanQrRan = 2</script><rect width="8" height="8"/></svg>';
    const host = await show({ qrCodeSvg: hostile });
    const image = byPart<HTMLImageElement>(host, 'qr');
    expect(image?.getAttribute('src')).toBe(svgDataUrl(hostile));
    await image?.decode();
    expect(host.querySelector('svg, script, rect')).toBeNull();
    expect((window as { __fanQrRan?: number }).__fanQrRan).toBeUndefined();
  });

  it('steps the drawing aside when there is none or it does not load; the code still pays', async () => {
    let host = await show({ qrCodeSvg: null });
    expect(byPart(host, 'qr')).toBeNull();
    expect(byPart<HTMLTextAreaElement>(host, 'pix-code')?.value).toBe(brCode);

    // A string the browser cannot draw fails to load (at once, here): the image goes.
    host = await show({ qrCodeSvg: 'not an svg' });
    await vi.waitFor(() => expect(byPart(host, 'qr')).toBeNull());
    expect(byPart<HTMLTextAreaElement>(host, 'pix-code')?.value).toBe(brCode);
  });

  it('shows no code once the charge is paid', async () => {
    const host = await show({ status: 'success' }, 'paid');
    expect(byPart(host, 'qr')).toBeNull();
    expect(byPart(host, 'pix-code')).toBeNull();
    expect(byPart(host, 'restart')).not.toBeNull();
  });
});
