import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { callRoutesUsed } from './call-routes-used.js';
import { elementFiles } from './element-files.js';
import { i18nLiteAliases, preactCompatAliases } from './build-aliases.js';

export { i18nLiteAliases, preactCompatAliases };

/**
 * What the shared runtime holds: the view layer (with src/preact), i18n core, signals,
 * r2wc, the kit, session, api, live and bridge (page side) folders, and the few ui pieces
 * every element shows (the error line, the busy button, the sign-in prompt, useModel); the
 * other forms' pieces (money input, fields) stay in the ui chunk of the elements that use
 * them. Translations (`locales/`) stay out so each namespace and locale loads with its
 * feature, and socket.io-client stays out so the live connection's dynamic import fetches it
 * only once a fan is signed in.
 */
const runtimeModules = [
  /\/node_modules\/(preact|i18next|react-i18next|@r2wc|@preact\/signals-core)\//,
  /\/widgets\/src\/(kit|i18n|session|api|live|bridge|preact)\//,
  /\/widgets\/src\/ui\/(error-text|form-error|sign-in-prompt|sign-in-text|submit-button|use-model)\.tsx?$/,
  // The bundler's own helpers, so an element chunk needs nothing but the runtime.
  /rolldown\/runtime/,
];
const neverInRuntime = [/\/locales?\//, /\.test\.tsx?$/, /\/testing\//];

export function inRuntime(id: string): boolean {
  const path = id.replaceAll('\\', '/');
  return runtimeModules.some((pattern) => pattern.test(path)) && !neverInRuntime.some((pattern) => pattern.test(path));
}

/**
 * Element bundles served by the platform at /widgets/*: one ES module per element
 * (`<tag>.js`, one per `src/<feature>/<tag>.element.ts`: element-files.ts) plus `runtime.js`, the one shared chunk every
 * element imports. Names of entries and of the runtime carry no hash, so the loader can
 * import them without a manifest; the server revalidates them. Other chunks are hashed:
 * `chunks/socket-*.js` (socket.io-client, fetched on sign-in), translation namespaces, and
 * anything two features share. vitest.config.ts takes the aliases, not these plugins: tests
 * read the contract's whole call table.
 */
export default defineConfig({
  // The typed client's call table holds only the routes the widgets call (called-routes.ts).
  plugins: [react(), callRoutesUsed()],
  resolve: { alias: [...preactCompatAliases, ...i18nLiteAliases] },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    reportCompressedSize: true,
    // Plain import() for lazy chunks: the preload helper's link scanning costs more on a
    // partner's page than it saves (element chunks have at most one shared dependency).
    modulePreload: false,
    lib: {
      entry: elementFiles(),
      formats: ['es'],
      fileName: (_format, entryName) => `${entryName}.js`,
    },
    rolldownOptions: {
      // An element module is both an entry and what kit's ensureElement imports; with strict
      // signatures it would become a shared chunk behind a re-exporting entry, one more
      // round trip before the element can render.
      preserveEntrySignatures: 'allow-extension',
      output: {
        // Whitespace and comments too: these chunks go to browsers as they are, never through
        // another bundler, so the pure annotations an ES library keeps by default are dead weight
        // (about 5 KB gzip before an element is interactive).
        minify: true,
        comments: false,
        // V8 then compiles a chunk's functions on a background thread while the chunk streams in,
        // instead of each on the page's main thread at its first call (an element's first render).
        postBanner: '//# allFunctionsCalledOnLoad',
        chunkFileNames: (chunk) => (chunk.name === 'runtime' ? 'runtime.js' : 'chunks/[name]-[hash].js'),
        codeSplitting: {
          groups: [
            { name: 'runtime', test: inRuntime },
            // One chunk for the live connection's transport, whatever imports it.
            { name: 'socket', test: /\/node_modules\/(socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io)\// },
          ],
        },
      },
    },
  },
});
