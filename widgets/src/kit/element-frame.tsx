import { createContext, Suspense, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { hasNamespaces, loadNamespaces, localeDirection, useNamespaces, type Locale, type Namespace } from '../i18n/index.js';
import type { Theme } from './embed-config.js';
import { FanReadyEvent } from './events.js';
import { catalogueFor, i18nFor, usePageLocale, usePageTheme } from './element-settings.js';
import { embedConfig } from './embed-config.js';
import { hasPageSession, pageSession } from './page-session.js';

export interface FrameProps {
  tag: string;
  View: ComponentType<Record<string, unknown>>;
  /** Callback prop → event factory; the event is dispatched from inside the shadow root. */
  events: Record<string, (...args: unknown[]) => Event>;
  /** What r2wc passes: the shadow root as `container`, the kit's and the view's props. */
  props: Record<string, unknown> & { container?: ShadowRoot };
  /** The translation namespaces the view renders, loaded (active locale only) before it shows. */
  namespaces: readonly Namespace[];
}

/**
 * What every element shows. The `errors` texts are not among them: a failure's text is
 * chosen once it happens, and the API client loads them before it answers a failure.
 */
const baseNamespaces: readonly Namespace[] = ['common', 'ui'];

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
export function ElementFrame(frame: FrameProps) {
  const localeAttribute = typeof frame.props.locale === 'string' ? frame.props.locale : undefined;
  return usePrepared(localeAttribute, frame.namespaces) ? <FrameBody {...frame} /> : null;
}

/** Lets the page's main thread breathe between two pieces of work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * True once the page's session exists and the element's texts are loaded. The first
 * element on a page creates the session in a task of its own, then sets up translations
 * for its locale and starts loading its namespaces (one file per task), and renders in a
 * task after that: together they would hold the page's main thread too long on a slow
 * phone. Until then the loader's light-DOM placeholder shows.
 */
function usePrepared(localeAttribute: string | undefined, namespaces: readonly Namespace[]): boolean {
  const [ready, setReady] = useState(hasPageSession);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void (async () => {
      await nextTask();
      const session = pageSession();
      await nextTask();
      const locale = catalogueFor(localeAttribute || embedConfig()?.locale || session.locale.current.value);
      i18nFor(locale);
      const wanted = [...new Set([...baseNamespaces, ...namespaces])];
      if (!hasNamespaces(wanted, locale)) {
        // Each file's fetch starts in a task of its own (starting a module fetch costs the
        // main thread too), and they all travel at once. A failed fetch is retried (and
        // then given up) by the view's own wait.
        const loads: Promise<unknown>[] = [];
        for (const namespace of wanted) {
          loads.push(loadNamespaces([namespace], locale).catch(() => undefined));
          await nextTask();
        }
        await Promise.all(loads);
      }
      await nextTask();
      if (live) setReady(true);
    })();
    return () => {
      live = false;
    };
  }, [ready, localeAttribute, namespaces]);
  return ready;
}

function FrameBody({ tag, View, events, props, namespaces }: FrameProps) {
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

  // Before paint, so the light-DOM placeholder and the view never show together: from
  // inside the Suspense boundary, so only once the view rendered with its texts.
  const onReady = useMemo(
    () => () => {
      if (typeof onRendered === 'function') onRendered();
      if (!host || announced.has(host)) return;
      announced.add(host);
      // Children's layout effects run before the parent's ref is set: find the root itself.
      const node = root.current ?? container?.querySelector('.fan-root');
      node?.dispatchEvent(new FanReadyEvent(tag));
    },
    [host, container, tag, onRendered],
  );
  const wanted = useMemo(() => [...new Set([...baseNamespaces, ...namespaces])], [namespaces]);

  return (
    <I18nextProvider i18n={i18n}>
      <ElementScopeContext.Provider value={scope}>
        <div ref={root} part="root" className="fan-root" data-theme={theme} lang={locale} dir={localeDirection(locale)}>
          <Suspense fallback={null}>
            <WithTexts namespaces={wanted} onReady={onReady}>
              <View {...viewProps} {...callbacks} />
            </WithTexts>
          </Suspense>
        </div>
      </ElementScopeContext.Provider>
    </I18nextProvider>
  );
}

/** Suspends until `namespaces` are loaded in the frame's locale, then renders and reports it. */
function WithTexts({ namespaces, onReady, children }: { namespaces: readonly Namespace[]; onReady: () => void; children: ReactNode }) {
  useNamespaces(...namespaces);
  // The view itself renders in a task after the frame's: on a slow phone, one task for
  // both would hold the page's main thread too long.
  const [later, setLater] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLater(true), 0);
    return () => clearTimeout(timer);
  }, []);
  if (!later) return null;
  return <ViewReady onReady={onReady}>{children}</ViewReady>;
}

function ViewReady({ onReady, children }: { onReady: () => void; children: ReactNode }) {
  useLayoutEffect(() => onReady(), [onReady]);
  return <>{children}</>;
}
