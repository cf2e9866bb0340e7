import { defineConfig } from 'vite';

/**
 * `dist/embed.js`: one classic script (IIFE) so `document.currentScript` names it and
 * `async` works everywhere. Widget chunks are not bundled: they are imported at run time
 * from the platform origin.
 */
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    minify: true,
    reportCompressedSize: true,
    lib: {
      entry: 'src/embed.ts',
      formats: ['iife'],
      name: 'FandeckEmbed',
      fileName: () => 'embed.js',
    },
    // Everything here runs as the page loads: V8 may compile it all on a background thread
    // while the script streams in, not function by function on the page's main thread.
    rolldownOptions: { output: { postBanner: '//# allFunctionsCalledOnLoad' } },
  },
});
