import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The convention that makes a folder of `server/src/domains/` a domain: its plugin is the
 * default export of `<folder>.plugin.ts` or, when the plugin is its routes, of
 * `<folder>.routes.ts`. Nothing lists the domains by hand: index.ts finds them here at
 * start, and the server bundle (scripts/bundle.mjs) calls this at build time.
 */
export type DomainEntry = { folder: string; file: `${string}.plugin.ts` | `${string}.routes.ts` };

export function domainEntries(dir: string): DomainEntry[] {
  const entries: DomainEntry[] = [];
  for (const folder of readdirSync(dir, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    const name = folder.name;
    const file = ([`${name}.plugin.ts`, `${name}.routes.ts`] as const).find((candidate) => existsSync(path.join(dir, name, candidate)));
    if (file) entries.push({ folder: name, file });
  }
  return entries.sort((a, b) => a.folder.localeCompare(b.folder));
}
