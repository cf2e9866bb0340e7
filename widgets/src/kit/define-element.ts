import { createElement, type ComponentType } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import { ElementFrame, type FrameProps } from './element-frame.js';
import { adoptStyles } from './styles.js';
import type { Namespace } from '../i18n/index.js';

/** How an attribute's text becomes a prop. Objects and arrays go through `properties`. */
export type AttributeType = 'string' | 'number' | 'boolean';

type Callback = (...args: never[]) => unknown;
type CallbackKeys<P> = { [K in keyof P]-?: NonNullable<P[K]> extends Callback ? K : never }[keyof P];

/** Turns a view's callback prop into the DOM event the element fires instead. */
export type EventFactories<P> = {
  [K in CallbackKeys<P>]?: (...args: Parameters<Extract<NonNullable<P[K]>, Callback>>) => Event;
};

export interface ElementOptions<P, K extends keyof P> {
  /** Scalar props observed as kebab-case attributes (`creatorId` → `creator-id`), reflected both ways. */
  attributes?: { readonly [Key in K]?: AttributeType };
  /** Props settable only as properties (objects, arrays, functions). */
  properties?: readonly K[];
  /** Callback props the element answers by dispatching an event from inside its shadow root. */
  events?: EventFactories<P>;
  /** The view's CSS; the kit's base sheet (theme tokens, `:host`) comes first. */
  styles?: string | readonly string[];
  /** Translation namespaces the view renders besides `common`, `errors` and `ui`: the element shows once they are loaded. */
  namespaces?: readonly Namespace[];
}

/** What every Fandeck element offers besides its own attributes. */
export interface KitElement extends HTMLElement {
  /** `locale` attribute: the element's language; else the loader's `data-locale`, else the session's. */
  locale: string | undefined;
  /** Resolves once the view first rendered (when `fan-ready` fired). */
  readonly rendered: Promise<void>;
}

export type FanElement<Props> = KitElement & { [K in keyof Props]: Props[K] | undefined };
export type FanElementConstructor<Props> = { new (): FanElement<Props>; readonly tag: string };

// r2wc keeps an element's props and its render method under these global symbols.
const propsKey = Symbol.for('r2wc.props');
const renderKey = Symbol.for('r2wc.render');
const kitAttributes = { locale: 'string' } as const;
const pendingSlotAttribute = 'data-fan-pending';

interface R2wcInstance extends HTMLElement {
  [propsKey]: Record<string, unknown>;
  [renderKey](): void;
  connectedCallback(): void;
}
type R2wcConstructor = new () => R2wcInstance;

const rendered = new WeakMap<HTMLElement, { promise: Promise<void>; resolve: () => void }>();

function renderSignal(element: HTMLElement) {
  let entry = rendered.get(element);
  if (!entry) {
    let resolve = () => {};
    const promise = new Promise<void>((done) => (resolve = done));
    entry = { promise, resolve };
    rendered.set(element, entry);
  }
  return entry;
}

export function kebabCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

function parseAttribute(type: AttributeType, value: string | null): unknown {
  if (value === null) return type === 'boolean' ? false : undefined;
  if (type === 'boolean') return value !== 'false';
  if (type === 'number') {
    const number = Number(value);
    return value.trim() !== '' && Number.isFinite(number) ? number : undefined;
  }
  return value;
}

function reflect(element: HTMLElement, attribute: string, type: AttributeType, value: unknown): void {
  if (type === 'boolean') element.toggleAttribute(attribute, Boolean(value));
  else if (value === undefined || value === null) element.removeAttribute(attribute);
  else element.setAttribute(attribute, String(value));
}

/**
 * Registers `tag` as a custom element that renders `View` (over r2wc) in an open shadow
 * root with its CSS, typed kebab-case attributes that reflect both ways, `fan-*` events
 * for the callbacks listed in `events`, the page's theme and locale, and `fan-ready`
 * after the first render. Defining an already-defined tag returns the existing class, so
 * a bundle loaded twice is harmless.
 */
export function defineElement<P extends object, K extends keyof P & string = never>(
  tag: `fan-${string}`,
  View: ComponentType<P>,
  options: ElementOptions<P, K> = {},
): FanElementConstructor<Pick<P, K>> {
  const existing = customElements.get(tag);
  if (existing) return existing as unknown as FanElementConstructor<Pick<P, K>>;

  const attributes: Record<string, AttributeType> = { ...(options.attributes as Record<string, AttributeType>), ...kitAttributes };
  const propertyNames = (options.properties ?? []).filter((name) => !(name in attributes));
  const attributeOf = new Map(Object.keys(attributes).map((prop) => [kebabCase(prop), prop]));
  const events = (options.events ?? {}) as Record<string, (...args: unknown[]) => Event>;
  const namespaces = options.namespaces ?? [];

  function Frame(props: Record<string, unknown> & { container?: ShadowRoot }) {
    const frame: FrameProps = { tag, View: View as ComponentType<Record<string, unknown>>, events, props, namespaces };
    return createElement(ElementFrame, frame);
  }

  // r2wc creates the shadow root and mounts, updates and unmounts the React root; the kit
  // parses and reflects attributes itself (r2wc ignores removed and empty boolean ones).
  const r2wcProps = Object.fromEntries([...Object.keys(attributes), ...propertyNames].map((name) => [name, undefined]));
  const Base = r2wc(Frame, { shadow: 'open', props: r2wcProps as never }) as unknown as R2wcConstructor;

  class Element extends Base {
    static readonly tag = tag;

    static get observedAttributes(): string[] {
      return [...attributeOf.keys(), 'data-theme'];
    }

    constructor() {
      super();
      adoptStyles(this.shadowRoot, options.styles);
      // Until the view first renders, show the light DOM (the loader's placeholder, or any
      // fallback the page put inside) instead of an empty box.
      const pending = document.createElement('slot');
      pending.toggleAttribute(pendingSlotAttribute, true);
      this.shadowRoot?.append(pending);
      renderSignal(this);
      for (const [attribute, prop] of attributeOf) {
        this[propsKey][prop] = parseAttribute(attributes[prop] ?? 'string', this.getAttribute(attribute));
      }
      this[propsKey].theme = this.getAttribute('data-theme') ?? undefined;
      this[propsKey].onRendered = () => {
        this.shadowRoot?.querySelector(`slot[${pendingSlotAttribute}]`)?.remove();
        renderSignal(this).resolve();
      };
    }

    override connectedCallback(): void {
      // A page may set properties before the chunk defined the element (the loader makes
      // that the rule): those landed on the instance and hide the accessors; replay them.
      for (const prop of [...attributeOf.values(), ...propertyNames]) {
        if (!Object.prototype.hasOwnProperty.call(this, prop)) continue;
        const value = (this as unknown as Record<string, unknown>)[prop];
        delete (this as unknown as Record<string, unknown>)[prop];
        (this as unknown as Record<string, unknown>)[prop] = value;
      }
      super.connectedCallback();
    }

    attributeChangedCallback(attribute: string, previous: string | null, value: string | null): void {
      if (previous === value) return;
      if (attribute === 'data-theme') this[propsKey].theme = value ?? undefined;
      else {
        const prop = attributeOf.get(attribute);
        if (!prop) return;
        this[propsKey][prop] = parseAttribute(attributes[prop] ?? 'string', value);
      }
      this[renderKey]();
    }

    get rendered(): Promise<void> {
      return renderSignal(this).promise;
    }
  }

  for (const [attribute, prop] of attributeOf) {
    const type = attributes[prop] ?? 'string';
    Object.defineProperty(Element.prototype, prop, {
      configurable: true,
      enumerable: true,
      get(this: R2wcInstance) {
        return this[propsKey][prop];
      },
      set(this: R2wcInstance, value: unknown) {
        reflect(this, attribute, type, value);
      },
    });
  }
  for (const prop of propertyNames) {
    Object.defineProperty(Element.prototype, prop, {
      configurable: true,
      enumerable: true,
      get(this: R2wcInstance) {
        return this[propsKey][prop];
      },
      set(this: R2wcInstance, value: unknown) {
        this[propsKey][prop] = value;
        this[renderKey]();
      },
    });
  }

  customElements.define(tag, Element);
  return Element as unknown as FanElementConstructor<Pick<P, K>>;
}
