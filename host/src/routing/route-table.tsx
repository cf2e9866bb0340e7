import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useMatches, type RouteObject } from 'react-router';
import { PageLoading } from '../components/page-status.js';
import { LayoutFor } from '../layouts/layouts.js';
import { PageGate } from './page-gate.js';
import type { StaffAccess } from './staff-access.js';

export type LayoutName = 'maintenance' | 'geo-blocked' | 'primary' | 'public' | 'blank';

/** What a page declares about itself (spec section 2), plus the analytics opt-out. */
export interface PageFlags {
  /** The layout around the page; 'primary' when not given. */
  layout?: LayoutName;
  /** Needs a signed-in user with a valid token; otherwise login, and the token is cleared. */
  authenticate?: boolean;
  /** A signed-in user may stay. Pages with neither this nor `authenticate` (sign-in) send them home. */
  noredirect?: boolean;
  /** Creators only; anyone else is sent to /home. */
  onlyPerformer?: boolean;
  /** Admins only (staff work such as creator review); anyone else is sent to /home. */
  onlyAdmin?: boolean;
  /** Staff (admins and managers); the server decides what each may read by their permissions. */
  onlyStaff?: boolean;
  /**
   * A back-office page (/admin): non-staff go to /home; staff without this permission (or not
   * an admin, for `'admin'`) get a clear refusal page instead of the page.
   */
  staff?: StaffAccess;
  /** Hash changes on this page are not page views (tabs, in-page anchors). */
  ignoreHashChanges?: boolean;
}

export interface RouteHandle {
  page: PageFlags;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'page' in handle;
}

/** The flags of the deepest matched page (empty outside any page). */
export function usePageFlags(): PageFlags {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.page;
  }
  return {};
}

/** One entry of the route table: a path, its page and the page's flags. */
export interface PageRoute extends PageFlags {
  path: string;
  page: ComponentType;
  /** What surrounds the page and its gate's answers (the back office's nav). */
  frame?: ComponentType<{ children: ReactNode }>;
}


/** A page whose code is fetched when first needed; `preload` fetches it ahead of its first render. */
export type LazyPage = ComponentType & { preload: () => void };

/**
 * A page whose code is fetched the first time its route renders, so the first route
 * downloads only the shell and its own page. `name` is the page's export in the module.
 *
 * @example lazyPage(() => import('../pages/home-page.js'), 'HomePage')
 */
export function lazyPage<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name & (Module[Name] extends ComponentType ? unknown : never),
): LazyPage {
  let loading: Promise<Module> | undefined;
  const fetchModule = () => {
    // A failed fetch is not kept, so the next render (or a retry) asks again.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const Page = lazy(async () => ({ default: (await fetchModule())[name] as ComponentType }));
  return Object.assign(Page, { preload: () => void fetchModule().catch(() => undefined) });
}

/**
 * Fetches the first page's code while the shell boots (texts, settings, the geo check),
 * instead of after: one round trip less before the first page shows. Only a page the gate
 * will surely show is fetched, so a redirect still never downloads the page it skips: a
 * signed-in page with a token, a public one, a sign-in page without a token; never a page
 * for a role, which the user's record decides later.
 */
export function preloadFirstPage(pages: readonly PageRoute[], pathname: string, loggedIn: boolean): void {
  const matched = matchRoutes(pages.map((route) => ({ path: route.path, route })), pathname)?.at(-1)?.route.route;
  if (!matched || !('preload' in matched.page)) return;
  if (matched.onlyPerformer || matched.onlyAdmin || matched.onlyStaff || matched.staff) return;
  const shows = matched.authenticate ? loggedIn : matched.noredirect || !loggedIn;
  if (shows) (matched.page as LazyPage).preload();
}

/**
 * Turns the flat route table into router objects: pages are grouped under their
 * layout, each page wrapped in the gate that applies its flags (the gate decides
 * before a lazy page is fetched, so a redirect never downloads the page it skips) and
 * in a loading state while its code arrives, and the flags kept on the route's
 * `handle` for the shell (analytics) to read.
 */
export function toRouteObjects(pages: readonly PageRoute[]): RouteObject[] {
  const byLayout = new Map<LayoutName, RouteObject[]>();
  for (const { path, page: Page, frame: Frame, ...flags } of pages) {
    const layout = flags.layout ?? 'primary';
    const handle: RouteHandle = { page: { ...flags, layout } };
    const gated = (
      <PageGate flags={handle.page}>
        <Suspense fallback={<PageLoading />}>
          <Page />
        </Suspense>
      </PageGate>
    );
    const element = Frame ? (
      <Suspense fallback={<PageLoading />}>
        <Frame>{gated}</Frame>
      </Suspense>
    ) : (
      gated
    );
    const route: RouteObject = { path, handle, element };
    byLayout.set(layout, [...(byLayout.get(layout) ?? []), route]);
  }
  return [...byLayout].map(([layout, children]) => ({ element: <LayoutFor layout={layout} />, children }));
}
