/// <reference types="vite/client" />
import type { ElementTag } from './chunk-names.js';

export { chunkFile, runtimeChunk, type ElementTag } from './chunk-names.js';

/** The placeholder's size, close to the real element's so nothing jumps when it upgrades. */
export interface PlaceholderBox {
  /** Height in CSS pixels. */
  height: number;
  /** Inline elements (buttons) paint an inline-block placeholder of this width. */
  inlineWidth?: number;
}

/**
 * Every embeddable element's placeholder box, read from the `<tag>.placeholder.json` beside
 * its `<tag>.element.ts` (built to `dist/<tag>.js`, served at `/widgets/<tag>.js`; see
 * element-files.ts). The loader bakes these in, so a new element is a new folder: nothing
 * here names one.
 */
const boxFiles = import.meta.glob<PlaceholderBox>('../*/fan-*.placeholder.json', { eager: true, import: 'default' });

export const placeholderBoxes: Readonly<Record<ElementTag, PlaceholderBox>> = Object.fromEntries(
  Object.entries(boxFiles).map(([file, box]) => [file.slice(file.lastIndexOf('/') + 1, -'.placeholder.json'.length), box]),
);
