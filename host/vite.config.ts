import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { i18nLiteAliases, preactCompatAliases } from '../widgets/build-aliases.js';

const apiTarget = process.env.FANDECK_API ?? 'http://127.0.0.1:8080';

/**
 * The platform site. Widgets are imported from their source through the
 * @fandeck/widgets workspace package, so no widgets build is needed first. Each page is
 * its own chunk (src/routes.tsx); socket.io-client is one more, fetched once signed in.
 */
export default defineConfig({
  plugins: [react()],
  // The same lighter runtime as the embed build: preact/compat for React, src/i18n/lite for
  // i18next (widgets/build-aliases.ts); the end-to-end suite runs the site built this way.
  resolve: { alias: [...preactCompatAliases, ...i18nLiteAliases], dedupe: ['preact'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'socket', test: /\/node_modules\/(socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io)\// }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
