import baseCss from './base.css?inline';

// One constructed sheet per CSS text, shared by every instance of every element.
const sheets = new Map<string, CSSStyleSheet>();

function sheetFor(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

/**
 * Puts the kit's base sheet and the element's own CSS inside its shadow root, so page
 * styles never leak in and the element's never leak out. Constructed sheets are parsed
 * once per page however many instances there are; without them a `<style>` is used.
 */
export function adoptStyles(root: ShadowRoot | null, styles: string | readonly string[] | undefined): void {
  if (!root) return;
  const texts = [baseCss, ...(typeof styles === 'string' ? [styles] : (styles ?? []))];
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    root.adoptedStyleSheets = texts.map(sheetFor);
    return;
  }
  const style = document.createElement('style');
  style.textContent = texts.join('\n');
  (root as ShadowRoot).prepend(style);
}

/**
 * Adds a sheet to an element's shadow root after its first styles, once: the CSS of a part
 * that loads later (a lazy chunk) comes with that part instead of the element's first chunk.
 */
export function addStyles(root: ShadowRoot, css: string): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = sheetFor(css);
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  if ([...root.querySelectorAll('style')].some((style) => style.textContent === css)) return;
  const style = document.createElement('style');
  style.textContent = css;
  root.append(style);
}
