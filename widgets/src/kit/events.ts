/**
 * Base of every `fan-*` event. They bubble and are composed, so a listener on the page
 * (even on `document`) hears them from inside an element's shadow root; the target it
 * sees is the element itself.
 */
export class FanEvent<Detail = undefined> extends CustomEvent<Detail> {
  constructor(type: `fan-${string}`, detail: Detail, init: { cancelable?: boolean } = {}) {
    super(type, { bubbles: true, composed: true, cancelable: init.cancelable ?? false, detail });
  }
}

export interface FanReadyDetail {
  /** The element's tag, e.g. `fan-login`. */
  tag: string;
}

/**
 * Fired once by every element when its view has first rendered and responds to input.
 * With the loader that is the moment its placeholder gives way.
 */
export class FanReadyEvent extends FanEvent<FanReadyDetail> {
  static readonly type = 'fan-ready';
  constructor(tag: string) {
    super(FanReadyEvent.type, { tag });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'fan-ready': FanReadyEvent;
  }
}
