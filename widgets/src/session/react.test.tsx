import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { signal } from '@preact/signals-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useSession, useSignalValue } from './react.js';
import { disposeSession, getSession } from './session.js';
import { createFakeTransport } from './testing/fake-transport.js';

let root: Root | undefined;
let host: HTMLElement | undefined;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  disposeSession();
});

function mount(node: React.ReactNode): HTMLElement {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(node));
  return host;
}

describe('React binding', () => {
  it('useSignalValue renders the value and re-renders on change only', () => {
    const count = signal(1);
    let renders = 0;
    function Counter() {
      renders += 1;
      return <span>{useSignalValue(count)}</span>;
    }
    const view = mount(<Counter />);
    expect(view.textContent).toBe('1');
    const afterMount = renders;
    act(() => {
      count.value = 2;
    });
    expect(view.textContent).toBe('2');
    expect(renders).toBe(afterMount + 1);
  });

  it('useSession gives the page session and its signals drive the view', () => {
    const session = getSession({ transport: createFakeTransport(), lazy: true });
    function Theme() {
      const current = useSession();
      return <span data-same={String(current === session)}>{useSignalValue(current.theme.current)}</span>;
    }
    const view = mount(<Theme />);
    expect(view.textContent).toBe('dark');
    expect(view.querySelector('span')?.dataset.same).toBe('true');
    act(() => void session.theme.set('light'));
    expect(view.textContent).toBe('light');
    act(() => void session.theme.set('dark'));
  });
});
