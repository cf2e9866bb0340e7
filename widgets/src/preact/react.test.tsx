/**
 * Runs only in the `widgets-preact` project, where `react` is src/preact/react.ts: proof
 * that the aliases are in force there, and that event-handler updates render before the
 * dispatch returns, as React does (the element tests depend on it).
 */
import { useLayoutEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import * as compat from 'preact/compat';
import * as react from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

let root: Root | undefined;
let host: HTMLElement | undefined;

function mount(node: React.ReactNode): HTMLElement {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  root.render(node);
  return host;
}

const flushed = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const shown = (page: HTMLElement, selector: string) => vi.waitFor(() => expect(page.querySelector(selector)).not.toBeNull());

afterEach(() => {
  root?.unmount();
  host?.remove();
});

function Form(props: { onSubmit: (value: string) => void }) {
  const [value, setValue] = useState('');
  const [clicks, setClicks] = useState(0);
  return (
    <div onClick={() => setClicks((count) => count + 1)}>
      <input value={value} onInput={(event) => setValue((event.target as HTMLInputElement).value)} />
      <button type="button" onClick={() => props.onSubmit(value)}>
        send
      </button>
      <output>{clicks}</output>
    </div>
  );
}

describe('react-dom/client on preact/compat (embed build)', () => {
  it('renders a root in a task of its own, after render() returned, and two roots in two tasks', async () => {
    const first = document.createElement('div');
    const second = document.createElement('div');
    document.body.append(first, second);
    let secondWhenFirstTaskEnded: string | null = null;
    function First() {
      // Runs right after the task that rendered this root.
      queueMicrotask(() => (secondWhenFirstTaskEnded = second.textContent));
      return <b>first</b>;
    }
    const roots = [createRoot(first), createRoot(second)];
    roots[0]?.render(<First />);
    roots[1]?.render(<b>second</b>);
    expect(first.textContent).toBe('');
    await vi.waitFor(() => expect(second.textContent).toBe('second'));
    expect(first.textContent).toBe('first');
    expect(secondWhenFirstTaskEnded).toBe('');
    for (const each of roots) each.unmount();
    expect(first.textContent).toBe('');
    first.remove();
    second.remove();
  });

  it('waits for a view that suspends, with no boundary of its own, as a React root does', async () => {
    let release: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (release = resolve));
    let loaded = false;
    void ready.then(() => (loaded = true));
    function Texts() {
      if (!loaded) throw ready;
      return <p>texts</p>;
    }
    const page = mount(<Texts />);
    await flushed();
    expect(page.textContent).toBe('');
    release();
    await shown(page, 'p');
    expect(page.textContent).toBe('texts');
  });

  it('commits nothing of a first render that suspends, not even its ancestors\' layout effects', async () => {
    let release: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (release = resolve));
    let loaded = false;
    void ready.then(() => (loaded = true));
    const committed: string[] = [];
    function View() {
      if (!loaded) throw ready;
      return <p>view</p>;
    }
    function Frame() {
      useLayoutEffect(() => {
        committed.push(document.querySelector('p')?.textContent ?? 'nothing');
      }, []);
      return (
        <section>
          <View />
        </section>
      );
    }
    const page = mount(<Frame />);
    await flushed();
    await flushed();
    expect(committed).toEqual([]);
    expect(page.innerHTML).toBe('');
    release();
    await shown(page, 'p');
    expect(committed).toEqual(['view']);
  });

  it('renders the latest children once, and nothing when unmounted first', async () => {
    let renders = 0;
    function Shown(props: { text: string }) {
      renders += 1;
      return <i>{props.text}</i>;
    }
    const page = mount(<Shown text="one" />);
    root?.render(<Shown text="two" />);
    await shown(page, 'i');
    expect(page.textContent).toBe('two');
    expect(renders).toBe(1);

    const other = document.createElement('div');
    const early = createRoot(other);
    early.render(<Shown text="never" />);
    early.unmount();
    await flushed();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(other.textContent).toBe('');
  });
});

describe('react on preact/compat (embed build)', () => {
  it('is preact/compat', () => {
    expect(react.useState).toBe(compat.useState);
    expect(react.Component).toBe(compat.Component);
  });

  it('renders what a handler set before the next event in the same task is handled', async () => {
    const sent: string[] = [];
    const page = mount(<Form onSubmit={(value) => sent.push(value)} />);
    await shown(page, 'input');
    const input = page.querySelector('input') as HTMLInputElement;
    input.value = 'ana.lima';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    page.querySelector('button')?.click();
    expect(sent).toEqual(['ana.lima']);
    // The click bubbled through two handlers; the outer one's update is rendered too.
    expect(page.querySelector('output')?.textContent).toBe('1');
  });

  it('leaves updates outside event handlers deferred, batched into one render', async () => {
    let renders = 0;
    let set: (value: number) => void = () => undefined;
    function Counter() {
      const [value, setValue] = useState(0);
      set = setValue;
      renders += 1;
      return <span>{value}</span>;
    }
    const page = mount(<Counter />);
    await shown(page, 'span');
    const before = renders;
    set(1);
    set(2);
    expect(page.textContent).toBe('0');
    await flushed();
    expect(page.textContent).toBe('2');
    expect(renders).toBe(before + 1);
  });
});
