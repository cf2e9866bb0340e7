import { createContext, useContext, useLayoutEffect, useMemo, useRef, type ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { localeDirection, type Locale } from '../i18n/index.js';
import type { Theme } from './embed-config.js';
import { FanReadyEvent } from './events.js';
import { i18nFor, usePageLocale, usePageTheme } from './element-settings.js';

export interface FrameProps {
  tag: string;
  View: ComponentType<Record<string, unknown>>;
  /** Callback prop → event factory; the event is dispatched from inside the shadow root. */
  events: Record<string, (...args: unknown[]) => Event>;
  /** What r2wc passes: the shadow root as `container`, the kit's and the view's props. */
  props: Record<string, unknown> & { container?: ShadowRoot };
}

/** What a view rendered inside an element may need from it (a portal root, the host). */
export interface ElementScope {
  host: HTMLElement;
  shadowRoot: ShadowRoot;
  locale: Locale;
  theme: Theme;
}

const ElementScopeContext = createContext<ElementScope | null>(null);

/** The element a view is rendered in, or null when a page renders the view directly. */
export function useElementScope(): ElementScope | null {
  return useContext(ElementScopeContext);
}

// fan-ready fires once per element, even if the page moves it (r2wc remounts on reconnect).
const announced = new WeakSet<Element>();

/**
 * Wraps every element's view: the i18n instance for its locale, the themed root that
 * carries `part="root"`, `data-theme`, `lang` and `dir`, the callbacks that become
 * `fan-*` events, and `fan-ready` after the first commit.
 */
export function ElementFrame({ tag, View, events, props }: FrameProps) {
  const { container, locale: localeAttribute, theme: themeAttribute, onRendered, ...viewProps } = props;
  const root = useRef<HTMLDivElement>(null);
  const locale = usePageLocale(typeof localeAttribute === 'string' ? localeAttribute : undefined);
  const theme = usePageTheme(typeof themeAttribute === 'string' ? themeAttribute : undefined);
  const i18n = i18nFor(locale);
  const host = container?.host as HTMLElement | undefined;

  const callbacks = useMemo(() => {
    const dispatch = (event: Event) => (root.current ?? host)?.dispatchEvent(event) ?? true;
    return Object.fromEntries(Object.entries(events).map(([prop, make]) => [prop, (...args: unknown[]) => dispatch(make(...args))]));
  }, [events, host]);

  const scope = useMemo(
    () => (host && container ? { host, shadowRoot: container, locale, theme } : null),
    [host, container, locale, theme],
  );

  // Before paint, so the light-DOM placeholder and the view never show together.
  useLayoutEffect(() => {
    if (typeof onRendered === 'function') onRendered();
    if (!host || announced.has(host)) return;
    announced.add(host);
    root.current?.dispatchEvent(new FanReadyEvent(tag));
  }, [host, tag, onRendered]);

  return (
    <I18nextProvider i18n={i18n}>
      <ElementScopeContext.Provider value={scope}>
        <div ref={root} part="root" className="fan-root" data-theme={theme} lang={locale} dir={localeDirection(locale)}>
          <View {...viewProps} {...callbacks} />
        </div>
      </ElementScopeContext.Provider>
    </I18nextProvider>
  );
}
