import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.FANDECK_API ?? 'http://127.0.0.1:8080';

/**
 * The platform site. Widgets are imported from their source through the
 * @fandeck/widgets workspace package, so no widgets build is needed first. Each page is
 * its own chunk (src/routes.tsx); socket.io-client is one more, fetched once signed in.
 */
export default defineConfig({
  plugins: [react()],
  resolve: { dedupe: ['react', 'react-dom', 'react-i18next', 'i18next'] },
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
