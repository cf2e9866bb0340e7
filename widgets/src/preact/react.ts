/**
 * What `react` resolves to in the embed build (vite.config.ts `preactCompatAliases`):
 * preact/compat, plus the one behaviour of React the views rely on that compat lacks.
 *
 * React renders the state set in a discrete event handler (input, click, keydown, submit)
 * before that event's dispatch returns, so a controlled input already shows what was
 * typed when the next event (the submit click) is handled. Preact defers every update to
 * a microtask instead; a click dispatched in the same task as the input (a script, an
 * autofill, a test) would then read the previous state. Handlers on DOM elements are
 * therefore run in a batch whose updates are rendered as the outermost handler returns,
 * and updates made anywhere else keep Preact's deferred rendering.
 */
import { options, type VNode } from 'preact';

// compat's typings use `export =`; the module itself is ESM with these named exports and a default.
// @ts-expect-error TS2498, the typings' shape only
export * from 'preact/compat';
export { default } from 'preact/compat';

type Handler = (this: unknown, event: Event) => unknown;

let depth = 0;
const waiting: (() => void)[] = [];
const wrapped = new WeakMap<Handler, Handler>();
const deferredRender = options.debounceRendering ?? ((render: () => void) => void Promise.resolve().then(render));

options.debounceRendering = (render) => {
  if (depth > 0) waiting.push(render);
  else deferredRender(render);
};

function batched(handler: Handler): Handler {
  let batch = wrapped.get(handler);
  if (!batch) {
    batch = function (this: unknown, event: Event) {
      depth += 1;
      try {
        return handler.call(this, event);
      } finally {
        depth -= 1;
        if (depth === 0) for (const render of waiting.splice(0)) render();
      }
    };
    wrapped.set(handler, batch);
  }
  return batch;
}

const previousVnodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  previousVnodeHook?.(vnode);
  if (typeof vnode.type !== 'string' || !vnode.props) return;
  const props = vnode.props as Record<string, unknown>;
  for (const key in props) {
    const value = props[key];
    if (key.length > 2 && key.startsWith('on') && typeof value === 'function') props[key] = batched(value as Handler);
  }
};
