/**
 * The names the embed build gives its chunks, apart from registry.ts so that Node scripts
 * (the loader's bench) can read them: registry.ts finds the placeholder files with Vite's
 * glob import, which only a Vite build or test run understands.
 */

/** An embeddable element's tag. */
export type ElementTag = `fan-${string}`;

/** The shared runtime chunk (React, session, i18n, element kit), loaded once per page. */
export const runtimeChunk = 'runtime.js';

/** The file an element's chunk is served as, relative to `/widgets/`. */
export function chunkFile(tag: ElementTag): string {
  return `${tag}.js`;
}
