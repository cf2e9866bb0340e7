/** The tag of the placeholder the loader puts inside every `fan-*` element until it is ready. */
export const placeholderTag = 'fan-placeholder';

// Plain custom element, not lit: it only paints a skeleton, and lit would triple the loader.
const css =
  ':host{display:block;contain:content;overflow:hidden;border-radius:var(--fan-radius,10px);' +
  'background:var(--fan-bg,#17171f);color:var(--fan-muted,#a4a4b4);font:13px/1.4 system-ui,sans-serif}' +
  ':host([data-theme=light]){background:var(--fan-bg,#fff);color:var(--fan-muted,#5f5f6e)}' +
  'div{box-sizing:border-box;height:100%;padding:16px;display:flex;flex-direction:column;gap:10px}' +
  'i{display:block;height:12px;border-radius:6px;background:currentColor;opacity:.16;animation:p 1s ease-in-out infinite alternate}' +
  'i+i{width:62%}span{margin-top:auto;opacity:.8}' +
  '@keyframes p{to{opacity:.32}}@media (prefers-reduced-motion:reduce){i{animation:none}}';

/**
 * `<fan-placeholder label="fan-login">`: a sized skeleton with the element's name, shown
 * at once, before any widget code arrives. The real element hides it (its shadow root
 * does not slot it) and the loader removes it on `fan-ready`.
 */
class Placeholder extends HTMLElement {
  connectedCallback(): void {
    if (this.shadowRoot) return;
    const root = this.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = css;
    const box = document.createElement('div');
    box.setAttribute('part', 'placeholder');
    box.setAttribute('role', 'status');
    box.setAttribute('aria-busy', 'true');
    const name = document.createElement('span');
    name.textContent = this.getAttribute('label');
    box.append(document.createElement('i'), document.createElement('i'), name);
    root.append(style, box);
  }
}

export function definePlaceholder(): void {
  if (!customElements.get(placeholderTag)) customElements.define(placeholderTag, Placeholder);
}
