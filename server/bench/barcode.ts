/**
 * The barcode the benches draw in a frame's pixels to carry its capture time (`live.ts` in
 * ffmpeg-encoded frames, `sfu.ts` in a browser's canvas). Pure: no Node module, so the SFU
 * bench can bundle it for the page as it is.
 *
 * 8 columns by 5 rows of 80x40 blocks over the top 200 rows of a 640x360 frame, white for 1
 * and black for 0: 32 bits of the capture time (wall-clock ms, modulo 2^32: 49 days) and an
 * 8-bit check, so a frame the encoder smeared reads as unreadable, not as a wrong time.
 */
export const WIDTH = 640;
export const HEIGHT = 360;
export const COLS = 8;
export const ROWS = 5;
export const BLOCK_W = WIDTH / COLS;
export const BLOCK_H = 40;
/** Rows of the frame the barcode covers, from the top. */
export const BARCODE_ROWS = ROWS * BLOCK_H;
const BITS = COLS * ROWS;

const checkOf = (value: number) => ((value ^ (value >>> 8) ^ (value >>> 16) ^ (value >>> 24) ^ 0xa5) & 0xff) >>> 0;

/** The blocks of `timeMs`'s barcode: each one's top-left corner and whether it is white. */
export function barcodeBlocks(timeMs: number): { x: number; y: number; on: boolean }[] {
  const value = timeMs % 2 ** 32;
  const check = checkOf(value);
  const blocks: { x: number; y: number; on: boolean }[] = [];
  for (let bit = 0; bit < BITS; bit += 1) {
    // Bits 0..31: the time, high bit first; 32..39: the check.
    const on = bit < 32 ? Math.floor(value / 2 ** (31 - bit)) % 2 === 1 : ((check >>> (39 - bit)) & 1) === 1;
    blocks.push({ x: (bit % COLS) * BLOCK_W, y: Math.floor(bit / COLS) * BLOCK_H, on });
  }
  return blocks;
}

/**
 * The capture time a grey frame (rows of WIDTH luma bytes from `offset`; the top
 * BARCODE_ROWS are enough) carries, or null when its check fails. `nowMs` resolves the 2^32
 * wrap: the capture is at most 49 days back.
 */
export function readFrame(gray: ArrayLike<number>, offset: number, nowMs: number): number | null {
  let value = 0;
  let check = 0;
  for (let bit = 0; bit < BITS; bit += 1) {
    // The mean of the block's middle half: edges blur under compression.
    const x0 = (bit % COLS) * BLOCK_W + BLOCK_W / 4;
    const y0 = Math.floor(bit / COLS) * BLOCK_H + BLOCK_H / 4;
    let sum = 0;
    for (let y = y0; y < y0 + BLOCK_H / 2; y += 1) {
      const row = offset + y * WIDTH;
      for (let x = x0; x < x0 + BLOCK_W / 2; x += 1) sum += gray[row + x]!;
    }
    const on = sum / ((BLOCK_W / 2) * (BLOCK_H / 2)) > 128 ? 1 : 0;
    if (bit < 32) value = value * 2 + on;
    else check = (check << 1) | on;
  }
  if (checkOf(value) !== check) return null;
  const wrap = 2 ** 32;
  return nowMs - ((((nowMs % wrap) - value) % wrap) + wrap) % wrap;
}
