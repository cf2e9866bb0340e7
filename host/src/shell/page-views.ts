/**
 * The analytics tag (Google tag, gtag.js) configured from the `gaCode` setting.
 * Page views are sent by hand on every route change, so the tag's own automatic
 * page view is turned off.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { usePageFlags } from '../routing/route-table.js';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

const tagPattern = /^[A-Za-z0-9-]{4,50}$/;
let installedId: string | undefined;

/** Installs the tag once for a measurement id; false when the setting holds none. */
export function installAnalytics(gaCode: string | undefined): boolean {
  const id = gaCode?.trim();
  if (!id || !tagPattern.test(id)) return false;
  if (installedId === id) return true;
  installedId = id;
  const dataLayer = (window.dataLayer ??= []);
  // gtag.js reads Arguments objects from the data layer, not arrays.
  window.gtag = function gtag() {
    dataLayer.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', id, { send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  script.dataset.fandeck = 'analytics';
  document.head.append(script);
  return true;
}

/** One page view for a site path (pathname, search and hash). */
export function sendPageView(path: string): void {
  if (!installedId || !window.gtag) return;
  window.gtag('event', 'page_view', {
    page_path: path,
    page_location: window.location.origin + path,
    page_title: document.title,
    send_to: installedId,
  });
}

interface Place {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * A page view on every route change, hash changes included unless the page flags
 * `ignoreHashChanges` (spec section 2). Hash changes reach us through the router
 * and, for fragment jumps the router does not see, through `hashchange`; the last
 * place seen keeps the two from counting one change twice. A view is sent a task
 * later and only if the address still shows that place, so a page that redirects at
 * once (a guard's <Navigate>) is not counted, only where the redirect lands.
 */
export function usePageViews(enabled: boolean): void {
  const location = useLocation();
  const { ignoreHashChanges = false } = usePageFlags();
  const last = useRef<Place | undefined>(undefined);
  const ignoreHash = useRef(ignoreHashChanges);
  ignoreHash.current = ignoreHashChanges;
  const pending = useRef<number | undefined>(undefined);

  function track(place: Place): void {
    const previous = last.current;
    const samePage = previous && previous.pathname === place.pathname && previous.search === place.search;
    if (samePage && previous.hash === place.hash) return;
    last.current = place;
    if (samePage && ignoreHash.current) return;
    window.clearTimeout(pending.current);
    const path = place.pathname + place.search + place.hash;
    pending.current = window.setTimeout(() => {
      // Moved on already (a redirect's navigation updates the address before React renders it).
      if (samePlace(path, window.location.pathname + window.location.search + window.location.hash)) sendPageView(path);
    }, 0);
  }

  useEffect(() => {
    if (enabled) track({ pathname: location.pathname, search: location.search, hash: location.hash });
    // track reads refs only; the place is what changes.
  }, [enabled, location.pathname, location.search, location.hash]);

  useEffect(() => {
    if (!enabled) return undefined;
    const onHashChange = () => {
      const { pathname, search, hash } = window.location;
      track({ pathname, search, hash });
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [enabled]);
}

function samePlace(a: string, b: string): boolean {
  return a === b || safeDecode(a) === safeDecode(b);
}

function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
