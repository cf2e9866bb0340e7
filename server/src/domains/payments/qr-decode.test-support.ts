import jsQR from 'jsqr';
import sharp from 'sharp';

/**
 * Reads a QR code the way a phone would: the SVG is rasterised (8 px per module) and
 * handed to a decoder that knows nothing of how it was drawn. Null when it finds no code.
 */
export async function decodeQrSvg(svg: string): Promise<string | null> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 72 * 8 }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  return jsQR(pixels, info.width, info.height)?.data ?? null;
}
