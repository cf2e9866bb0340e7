/**
 * Renders a feature's view into the test page (no element, no shadow root), as the host
 * site does, and finds what a fan reads in it. Only tests import this file.
 */
import { Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { vi } from 'vitest';

export interface RenderedView {
  host: HTMLElement;
  unmount(): void;
}

export function renderView(node: ReactNode): RenderedView {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  // A view waits for its texts (useNamespaces): the boundary catches the wait.
  root.render(<Suspense fallback={null}>{node}</Suspense>);
  return {
    host,
    unmount() {
      root.unmount();
      host.remove();
    },
  };
}

/** Text as read, whitespace (the no-break space in money) folded to plain spaces. */
export const squash = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();

/** The element matching `selector` inside `root`, once it is there (a view loads, then renders). */
export function findSoon<E extends Element = HTMLElement>(root: ParentNode, selector: string, timeout = 5000): Promise<E> {
  return vi.waitFor(
    () => {
      const found = root.querySelector<E>(selector);
      if (!found) throw new Error(`no ${selector} yet`);
      return found;
    },
    { timeout, interval: 20 },
  );
}
