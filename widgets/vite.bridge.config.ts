import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { i18nLiteAliases, preactCompatAliases } from './build-aliases.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The platform-origin pages third-party embeds rely on, built into dist/bridge:
 * bridge.html (the hidden iframe holding the credential) and login.html (the sign-in
 * popup). The server serves them at /embed/*.html with their own CSP; their assets
 * load from /widgets/bridge/. (The page side, createBridgeTransport, ships in the
 * widgets' runtime chunk that the loader imports.)
 */
export default defineConfig({
  root: here('./src/bridge'),
  base: '/widgets/bridge/',
  plugins: [react()],
  // The popup's sign-in page runs the same views on the same light runtime as the elements.
  resolve: { alias: [...preactCompatAliases, ...i18nLiteAliases] },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: here('./dist/bridge'),
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    // No preload helper: the bridge's lazy chunks (pay desk, live connection) have no dependencies worth preloading.
    modulePreload: false,
    rolldownOptions: {
      input: {
        bridge: here('./src/bridge/bridge.html'),
        login: here('./src/bridge/login.html'),
      },
    },
  },
});
