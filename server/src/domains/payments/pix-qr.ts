import QRCode, { type QRCodeToStringOptions } from 'qrcode';

/**
 * How every PIX QR code is drawn, in the top-up answer and on the sandbox's page alike:
 * level M (what PIX apps print), a quiet zone of 4 modules as the QR standard asks, and
 * no width, so the SVG scales to whatever box shows it (its viewBox is in modules).
 */
export const PIX_QR_OPTIONS = { type: 'svg', errorCorrectionLevel: 'M', margin: 4 } as const satisfies QRCodeToStringOptions;

// The widget polls a pending charge every few seconds and every answer carries its QR
// code: the drawings of the latest charges are kept so a code is drawn once, not per poll.
const KEEP = 256;
const drawn = new Map<string, string>();

/** The BR Code's QR code as SVG markup (`<svg viewBox="0 0 n n">`, black on white). */
export async function pixQrSvg(brCode: string): Promise<string> {
  const known = drawn.get(brCode);
  if (known !== undefined) return known;
  const svg = (await QRCode.toString(brCode, PIX_QR_OPTIONS)).trim();
  if (drawn.size >= KEEP) drawn.delete(drawn.keys().next().value as string);
  drawn.set(brCode, svg);
  return svg;
}

/** The same drawing as a `data:` URL, for an `<img>`: a page shows it without taking in any markup. */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
