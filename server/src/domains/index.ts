import { entries } from './entries.js';
import type { DomainPlugin } from './plugin.js';

/**
 * Every domain: each folder here with a `<folder>.plugin.ts` or `<folder>.routes.ts`
 * (folders.ts), imported at start, never listed by hand. Adding a domain is adding its
 * folder; registerDomains orders the plugins by their `dependsOn`. The two imports are
 * written with the folder in the path so that the server bundle (esbuild) includes every
 * file of those two names and nothing else of the folders.
 */
export async function loadDomains(): Promise<DomainPlugin[]> {
  return Promise.all(
    entries().map(async ({ folder, file }) => {
      const module: { default: DomainPlugin } = file.endsWith('.plugin.ts')
        ? await import(`./${folder}/${folder}.plugin.ts`)
        : await import(`./${folder}/${folder}.routes.ts`);
      return module.default;
    }),
  );
}
