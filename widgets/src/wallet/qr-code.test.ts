import { describe, expect, it } from 'vitest';
import { encodeQr, penalty, qrPath } from './qr-code.js';
import { brCode } from './testing/wallet-test-kit.js';

/** "Fandeck PIX" at level M as the `qrcode` package (the server's PNG) draws it: version 1, mask 4. */
const reference = [
  '#######.#.###.#######',
  '#.....#....##.#.....#',
  '#.###.#....#..#.###.#',
  '#.###.#.###...#.###.#',
  '#.###.#.#...#.#.###.#',
  '#.....#.##.#..#.....#',
  '#######.#.#.#.#######',
  '........#.###........',
  '#...#.###..#.#####..#',
  '#..###.###.####.#.##.',
  '..###.#.#..#...##..#.',
  '....##...#...#......#',
  '..#####...#.#.#.#...#',
  '........#...###.##.##',
  '#######.#...#...####.',
  '#.....#..#.###.....##',
  '#.###.#.####.##....#.',
  '#.###.#..#..##..#####',
  '#.###.#..#.#.#..##...',
  '#.....#..###.#..#....',
  '#######.#.....##....#',
];

const draw = (modules: boolean[][]) => modules.map((row) => row.map((dark) => (dark ? '#' : '.')).join(''));

/** The 7×7 finder pattern in a corner. */
function finderAt(modules: boolean[][], left: number, top: number): string[] {
  return modules.slice(top, top + 7).map((row) => row.slice(left, left + 7).map((dark) => (dark ? '#' : '.')).join(''));
}
const finder = ['#######', '#.....#', '#.###.#', '#.###.#', '#.###.#', '#.....#', '#######'];

describe('QR encoder', () => {
  it('draws exactly what the server’s QR library draws, mask included', () => {
    const matrix = encodeQr('Fandeck PIX');
    expect(matrix.version).toBe(1);
    expect(matrix.mask).toBe(4);
    expect(draw(matrix.modules)).toEqual(reference);
  });

  it('fits a PIX BR Code in the smallest version, with the three finder patterns', () => {
    const matrix = encodeQr(brCode);
    // 172 bytes at level M need version 9 (byte capacity 152 at version 8, 180 at 9).
    expect(brCode.length).toBe(172);
    expect(matrix.version).toBe(9);
    expect(matrix.size).toBe(53);
    expect(finderAt(matrix.modules, 0, 0)).toEqual(finder);
    expect(finderAt(matrix.modules, matrix.size - 7, 0)).toEqual(finder);
    expect(finderAt(matrix.modules, 0, matrix.size - 7)).toEqual(finder);
    // The dark module beside the bottom-left finder, always set.
    expect(matrix.modules[matrix.size - 8]?.[8]).toBe(true);
  });

  it('chooses the mask with the lowest penalty', () => {
    const chosen = encodeQr(brCode);
    for (let mask = 0; mask < 8; mask++) expect(penalty(encodeQr(brCode, { mask }).modules)).toBeGreaterThanOrEqual(penalty(chosen.modules));
  });

  it('grows with the text and refuses what no version holds', () => {
    // Byte capacity at level M: 450 at version 16, 504 at 17.
    expect(encodeQr('x'.repeat(500)).version).toBe(17);
    expect(() => encodeQr('x'.repeat(2400))).toThrow(RangeError);
  });

  it('makes one SVG path of unit squares inside the quiet zone', () => {
    const matrix = encodeQr('Fandeck PIX');
    const path = qrPath(matrix, 4);
    const dark = matrix.modules.flat().filter(Boolean).length;
    expect(path.match(/M/g)).toHaveLength(dark);
    expect(path.startsWith('M4 4h1v1h-1z')).toBe(true);
  });
});
