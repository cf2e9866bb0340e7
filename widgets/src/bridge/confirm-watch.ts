/**
 * Feeds the confirm dialog's arming (confirm-arming.ts) with everything the browser
 * tells a frame about where it is and whether it can be seen. Each source covers a way
 * a page can move a frame under the fan's cursor:
 *
 * - window `resize`: the page resized the frame;
 * - `visibilitychange`: the tab or frame was hidden;
 * - IntersectionObserver on the dialog AND the document element, with fine thresholds:
 *   the frame slid partly off screen or was clipped; where the browser has v2
 *   (`trackVisibility`), also whether anything covers, fades or distorts it;
 * - ResizeObserver: the dialog's or document's box changed;
 * - pointer events: the fan's real movement over the dialog, and the only traces of a
 *   plain move (a boundary event or a click somewhere the pointer did not move to).
 */
import type { ConfirmArming, PointerKind } from './confirm-arming.js';

interface VisibilityEntry extends IntersectionObserverEntry {
  isVisible?: boolean;
}

const THRESHOLDS = Array.from({ length: 101 }, (_, index) => index / 100);
const POINTER_EVENTS: [string, PointerKind][] = [
  ['pointerover', 'boundary'],
  ['pointerenter', 'boundary'],
  ['mouseover', 'boundary'],
  ['mouseenter', 'boundary'],
  ['pointermove', 'move'],
  ['mousemove', 'move'],
  ['pointerdown', 'down'],
  ['mousedown', 'down'],
];

/** Whether this browser reports occlusion (IntersectionObserver v2). */
export function tracksVisibility(): boolean {
  return typeof IntersectionObserver !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype;
}

/**
 * Starts watching; `changed` runs after every report so the caller can redraw Confirm.
 * Returns the function that stops everything.
 */
export function watchPlacement(dialog: Element, arming: ConfirmArming, changed: () => void): () => void {
  const stops: (() => void)[] = [];
  const report = (visible?: boolean) => {
    if (visible === undefined) arming.rearm();
    else arming.setVisible(visible);
    changed();
  };
  const listen = (target: EventTarget, type: string, handler: (event: Event) => void) => {
    target.addEventListener(type, handler, true);
    stops.push(() => target.removeEventListener(type, handler, true));
  };

  const v2 = tracksVisibility();
  let dialogVisible = !v2;
  const pageVisible = () => document.visibilityState !== 'hidden';
  // Without v2 nothing reports occlusion: the dialog counts as visible while the tab is, and the delay does the rest.
  report(dialogVisible && pageVisible());

  listen(window, 'resize', () => report());
  listen(document, 'visibilitychange', () => report(dialogVisible && pageVisible()));
  for (const [type, kind] of POINTER_EVENTS) {
    listen(window, type, (event) => {
      if (!event.isTrusted) return;
      arming.notePointer(event as MouseEvent, kind, event.target instanceof Node && dialog.contains(event.target));
      changed();
    });
  }

  if (typeof IntersectionObserver !== 'undefined') {
    const onDialog = (entries: IntersectionObserverEntry[]) => {
      const entry = entries[entries.length - 1] as VisibilityEntry | undefined;
      if (!entry) return;
      // The whole dialog (amount, recipient, origin and buttons) must be on screen and, with v2, unobscured.
      dialogVisible = entry.intersectionRatio >= 0.99 && (!v2 || entry.isVisible === true);
      // What the browser last said of the dialog, for tests and tools: Confirm arms only while it is "true".
      if (dialog instanceof HTMLElement) dialog.dataset.visible = String(dialogVisible);
      report(dialogVisible && pageVisible());
    };
    const init = { threshold: THRESHOLDS, ...(v2 ? { trackVisibility: true, delay: 100 } : {}) } as IntersectionObserverInit;
    const dialogObserver = new IntersectionObserver(onDialog, init);
    dialogObserver.observe(dialog);
    // The document's own ratio changes when the frame slides partly off screen, even if the dialog stays inside.
    const frameObserver = new IntersectionObserver(() => report(), { threshold: THRESHOLDS });
    frameObserver.observe(document.documentElement);
    stops.push(() => dialogObserver.disconnect(), () => frameObserver.disconnect());
  }

  if (typeof ResizeObserver !== 'undefined') {
    let first = true;
    const resizeObserver = new ResizeObserver(() => {
      // The first callback is the initial size, not a change.
      if (first) first = false;
      else report();
    });
    resizeObserver.observe(dialog);
    resizeObserver.observe(document.documentElement);
    stops.push(() => resizeObserver.disconnect());
  }

  return () => {
    for (const stop of stops.splice(0)) stop();
  };
}
