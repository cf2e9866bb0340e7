import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/**
 * The embed build runs the same React views on preact/compat: a third-party page pays
 * about 10 KB gzip for the view layer instead of about 60 for React 19 with ReactDOM.
 * The embed build, the host site's build and the `widgets-preact` test project (which
 * proves the element tests pass on it) take these aliases; the other widgets test
 * projects keep React, so the views are tested on both.
 * `react` itself is src/preact/react.ts: compat plus React's flush of event-handler
 * updates; `react-dom/client` is src/preact/client.ts, whose roots render in a task of
 * their own as React's do. The shim alias drops use-sync-external-store's copy, which
 * compat provides.
 */
export const preactCompatAliases: Alias[] = [
  { find: /^react$/, replacement: fileURLToPath(new URL('./src/preact/react.ts', import.meta.url)) },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: fileURLToPath(new URL('./src/preact/client.ts', import.meta.url)) },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];

/**
 * i18next and react-i18next as src/i18n/lite: the API the views use, about 3 KB gzip
 * instead of about 18. Taken by the same builds and test project as preact/compat (the
 * `widgets-preact` project also runs the i18n tests on it); type-checking still sees the
 * real packages.
 */
export const i18nLiteAliases: Alias[] = [
  { find: /^i18next$/, replacement: fileURLToPath(new URL('./src/i18n/lite/i18next.ts', import.meta.url)) },
  { find: /^react-i18next$/, replacement: fileURLToPath(new URL('./src/i18n/lite/react-i18next.ts', import.meta.url)) },
];
