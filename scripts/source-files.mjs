import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** TypeScript sources the scripts read. */
export const SOURCE = /\.(ts|tsx|mts)$/;

/**
 * Every TypeScript source under `dir` (none when it does not exist), skipping
 * `node_modules` and `dist`; declaration files (`.d.ts`) only with `declarations`.
 */
export function sourceFiles(dir, { declarations = false } = {}) {
  if (!existsSync(dir)) return [];
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(full, { declarations }));
    else if (SOURCE.test(entry.name) && (declarations || !entry.name.endsWith('.d.ts'))) found.push(full);
  }
  return found;
}
