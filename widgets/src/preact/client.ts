/**
 * What `react-dom/client` resolves to in the embed build: React 19's `createRoot`
 * contract on preact/compat, in the two ways the views rely on.
 *
 * - React renders a root in a task of its own after `root.render()` returns;
 *   preact/compat's root renders at once. An element upgraded while its chunk is
 *   evaluated would then build its whole view inside the script's task, one long task
 *   for the page. Roots here render in a task of their own; `unmount` stays synchronous
 *   and cancels a render not yet made.
 * - A React root that suspends on its first render (translations still loading) commits
 *   nothing until the whole tree can render: no DOM, no layout effect, so an element's
 *   `fan-ready` means its view is there. Preact would commit the ancestors of the
 *   suspended view (and run their effects) and only detach the view. Here a root's first
 *   render is abandoned when anything in it suspends, and made again once that settles.
 *   Later renders have a Suspense boundary at the root, so a view that suspends then
 *   (a language switch) shows nothing for that moment instead of failing.
 */
import { options, type ComponentChild, type ContainerNode } from 'preact';
import { createElement, render, Suspense } from 'preact/compat';

/** Thrown through the render in place of the promise a view suspended on. */
class Held {
  constructor(readonly until: PromiseLike<unknown>) {}
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

// Preact's error hook (`_catchError`, published as `__e`), which compat's Suspense also
// uses: while a root's first render is under way, a suspension aborts that render instead.
type CatchError = (error: unknown, vnode: unknown, oldVNode: unknown, info?: unknown) => void;
const hooks = options as typeof options & { __e?: CatchError };
const previousCatch = hooks.__e;
let holding = false;
hooks.__e = (error, vnode, oldVNode, info) => {
  if (error instanceof Held) throw error;
  if (holding && isThenable(error)) throw new Held(error);
  previousCatch?.(error, vnode, oldVNode, info);
};

export interface Root {
  render(children: ComponentChild): void;
  unmount(): void;
}

const channel = typeof MessageChannel === 'function' ? new MessageChannel() : null;
const queued: (() => void)[] = [];
if (channel) {
  channel.port1.onmessage = () => {
    const next = queued.shift();
    if (queued.length > 0) channel.port2.postMessage(null);
    next?.();
  };
}

/** One callback per task, in order: several elements upgraded together render one after another, each in its own task. */
function inNewTask(run: () => void): void {
  if (!channel) {
    setTimeout(run, 0);
    return;
  }
  queued.push(run);
  if (queued.length === 1) channel.port2.postMessage(null);
}

// Effects (useEffect) run in a task of their own once the render's task is over, as React's
// passive effects do, not from the next animation frame's callbacks, where Preact would put
// them by default: the frame's style and layout would then run in the same task as our script.
(options as typeof options & { requestAnimationFrame?: (callback: () => void) => void }).requestAnimationFrame = inNewTask;

export function createRoot(container: ContainerNode): Root {
  let latest: ComponentChild = null;
  let scheduled = false;
  let unmounted = false;
  let mounted = false;

  function commit(): void {
    scheduled = false;
    if (unmounted) return;
    const tree = createElement(Suspense, { fallback: null }, latest);
    if (mounted) {
      render(tree, container);
      return;
    }
    holding = true;
    try {
      render(tree, container);
      mounted = true;
    } catch (error) {
      if (!(error instanceof Held)) throw error;
      // Nothing of the abandoned render reached the page; drop what preact kept of it.
      render(null, container);
      const again = () => schedule();
      error.until.then(again, again);
    } finally {
      holding = false;
    }
  }

  function schedule(): void {
    if (scheduled || unmounted) return;
    scheduled = true;
    inNewTask(commit);
  }

  return {
    render(children) {
      latest = children;
      unmounted = false;
      schedule();
    },
    unmount() {
      unmounted = true;
      mounted = false;
      render(null, container);
    },
  };
}

export function hydrateRoot(container: ContainerNode, children: ComponentChild): Root {
  const root = createRoot(container);
  root.render(children);
  return root;
}

export default { createRoot, hydrateRoot };
