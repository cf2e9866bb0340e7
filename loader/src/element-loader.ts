import type { EmbedConfig } from '@fandeck/widgets/kit/embed-config';
import type { PlaceholderBox } from '@fandeck/widgets/kit/registry';
import { placeholderTag } from './placeholder.js';

export interface LoaderOptions {
  config: EmbedConfig;
  /** Every known tag and its placeholder box. */
  boxes: Readonly<Record<string, PlaceholderBox>>;
  /** Where the chunks live, ending in `/`: `${origin}/widgets/`. */
  base: string;
  /** The shared runtime chunk, imported together with the first element chunk. */
  runtime: string;
  /** How far outside the viewport an element starts loading. */
  rootMargin?: string;
}

/**
 * Paints a placeholder in every known `fan-*` element now and whenever the page adds
 * one, and imports an element's chunk (with the shared runtime, once per page) when the
 * element nears the viewport or is touched. Each element fires `fan-ready` itself once
 * it has rendered; the loader then drops its placeholder.
 */
export function startElementLoader(options: LoaderOptions): void {
  const { config, boxes, base, runtime } = options;
  const selector = Object.keys(boxes).join(',');
  const requested = new Map<string, Promise<unknown>>();
  const seen = new WeakSet<Element>();

  const load = (tag: string): void => {
    if (requested.has(tag)) return;
    const runtimeUrl = base + runtime;
    const chunkUrl = `${base}${tag}.js`;
    // Both are fetched at once (the element chunk would only discover the runtime after
    // parsing), but run one after the other, each in a task of its own: evaluating the
    // runtime, then defining the element, rather than one long task doing both. Starting
    // a fetch costs the main thread too: the chunk's preload starts in the next task.
    const loading = import(/* @vite-ignore */ runtimeUrl).then(() => import(/* @vite-ignore */ chunkUrl));
    setTimeout(() => preloadModule(chunkUrl), 0);
    requested.set(tag, loading);
    loading.catch((error: unknown) => {
      // Let a later approach or touch try again.
      requested.delete(tag);
      console.error(`[fandeck] could not load <${tag}>`, error);
    });
    for (const element of document.querySelectorAll(tag)) {
      const placeholder = placeholderOf(element);
      if (placeholder) observer.unobserve(placeholder);
    }
  };

  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const tag = entry.target.parentElement?.localName;
        // What the loader made of the placeholder's place, for tests and styles: near loads now, far waits.
        entry.target.setAttribute('data-near', String(entry.isIntersecting));
        if (entry.isIntersecting && tag) load(tag);
      }
    },
    { rootMargin: options.rootMargin ?? '200px' },
  );

  const prepare = (element: Element): void => {
    if (seen.has(element)) return;
    seen.add(element);
    const tag = element.localName;
    const box = boxes[tag];
    if (!box || customElements.get(tag)) return;
    const placeholder = document.createElement(placeholderTag);
    placeholder.setAttribute('label', tag);
    const theme = element.getAttribute('data-theme') ?? config.theme;
    if (theme === 'light') placeholder.setAttribute('data-theme', 'light');
    placeholder.style.height = `${box.height}px`;
    if (box.inlineWidth) {
      placeholder.style.display = 'inline-block';
      placeholder.style.width = `${box.inlineWidth}px`;
    }
    element.append(placeholder);
    if (!requested.has(tag)) observer.observe(placeholder);
  };

  const scan = (root: ParentNode & Node): void => {
    if (root instanceof Element && root.matches(selector)) prepare(root);
    for (const element of root.querySelectorAll(selector)) prepare(element);
  };

  const onTouch = (event: Event): void => {
    for (const node of event.composedPath()) {
      if (node instanceof Element && node.localName in boxes) return load(node.localName);
    }
  };

  document.addEventListener('pointerdown', onTouch, true);
  document.addEventListener('focusin', onTouch, true);
  document.addEventListener('fan-ready', (event) => {
    const placeholder = event.target instanceof Element ? placeholderOf(event.target) : null;
    if (placeholder) {
      observer.unobserve(placeholder);
      placeholder.remove();
    }
  });

  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element && node.localName !== placeholderTag) scan(node);
      }
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
  scan(document);
}

const preloaded = new Set<string>();

/** Fetches and compiles a module without running it; `import()` later reuses it. */
function preloadModule(url: string): void {
  if (preloaded.has(url)) return;
  preloaded.add(url);
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  // What import() of a module on another origin sends (CORS, no credentials), so the preload is reused.
  link.crossOrigin = 'anonymous';
  link.href = url;
  (document.head ?? document.documentElement).append(link);
}

function placeholderOf(element: Element): Element | null {
  for (const child of element.children) if (child.localName === placeholderTag) return child;
  return null;
}
