import { describe, expect, it } from 'vitest';
import { ensureElement } from './lazy-features.js';
import { placeholderBoxes } from './registry.js';

// The element modules as the build finds them (element-files.ts reads the same names on disk).
const elementFiles = Object.keys(import.meta.glob('../*/fan-*.element.ts'));
const tagOf = (file: string) => file.slice(file.lastIndexOf('/') + 1, -'.element.ts'.length);

describe('the element registry is the feature folders', () => {
  it('has a placeholder box for every element module and none without one', () => {
    const tags = elementFiles.map(tagOf).sort();
    expect(tags).toContain('fan-tip-button');
    expect(Object.keys(placeholderBoxes).sort()).toEqual(tags);
  });

  it('reads each box from its folder, with a height and, for inline elements, a width', () => {
    expect(placeholderBoxes['fan-tip-button']).toEqual({ height: 42, inlineWidth: 170 });
    for (const box of Object.values(placeholderBoxes)) {
      expect(box.height).toBeGreaterThan(0);
      if (box.inlineWidth !== undefined) expect(box.inlineWidth).toBeGreaterThan(0);
    }
  });

  it('defines an element by its tag from whichever folder holds it, and refuses an unknown tag', async () => {
    await ensureElement('fan-subscribe');
    expect(customElements.get('fan-subscribe')).toBeDefined();
    await expect(ensureElement('fan-no-such-thing')).rejects.toThrow('No module defines <fan-no-such-thing>');
  });
});
