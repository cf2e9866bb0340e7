import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { elementSources } from './src/kit/registry.js';

/**
 * Element bundles served by the platform at /widgets/*: one ES module per element
 * (`<tag>.js`, named in src/kit/registry.ts) plus `runtime.js`, the one shared chunk with React,
 * the element kit, i18n and the session that every element shares. Names of entries and
 * of the runtime carry no hash, so the loader can import them without a manifest; the
 * server revalidates them. Other shared chunks are hashed.
 */
const runtimeModules = [
  /\/node_modules\/(react|react-dom|scheduler|i18next|react-i18next|@r2wc|@preact\/signals-core|use-sync-external-store)\//,
  /\/widgets\/src\/(kit|i18n|session|api|live|bridge)\//,
  // The bundler's own helpers, so an element chunk needs nothing but the runtime.
  /rolldown\/runtime/,
];

export default defineConfig({
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    reportCompressedSize: true,
    lib: {
      entry: elementSources,
      formats: ['es'],
      fileName: (_format, entryName) => `${entryName}.js`,
    },
    rolldownOptions: {
      output: {
        chunkFileNames: (chunk) => (chunk.name === 'runtime' ? 'runtime.js' : 'chunks/[name]-[hash].js'),
        codeSplitting: {
          groups: [
            {
              name: 'runtime',
              // React, the kit, i18n and the session; a library only some features use stays with them.
              test: (id: string) => runtimeModules.some((pattern) => pattern.test(id.replaceAll('\\', '/'))),
            },
          ],
        },
      },
    },
  },
});
