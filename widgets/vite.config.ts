import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Element bundles served by the platform at /widgets/*. One ES module per element;
 * React and the shared runtime end up in common chunks the browser loads once.
 */
export default defineConfig({
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    lib: {
      entry: { 'login-form': 'src/login/login-form.element.ts' },
      formats: ['es'],
    },
  },
});
