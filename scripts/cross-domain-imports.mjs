#!/usr/bin/env node
/**
 * Counts the direct imports from one server domain's code into another's folder
 * (server/src/domains/A/... importing server/src/domains/B/..., issue 23): the reaches that
 * bypass a domain's doors (its extension point through `deps.get`). Test files and test
 * kits are left out; type-only imports are counted apart, since they leave nothing at run
 * time. Prints the total, each pair A -> B, and the most imported modules.
 *
 * Usage: node scripts/cross-domain-imports.mjs [--json]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { relativeImports, resolveSpecifier, walk } from './import-cycles.mjs';

const TEST = /(\.test\.ts$|test-kit\.ts$|test-support\.ts$)/;

/** Every import statement in `domainsDir` that names a module of another domain. */
export function crossDomainImports(domainsDir) {
  const found = [];
  for (const file of walk(domainsDir)) {
    if (TEST.test(file)) continue;
    const from = path.relative(domainsDir, file).split(path.sep);
    if (from.length < 2) continue;
    for (const item of relativeImports(file)) {
      const target = resolveSpecifier(file, item.specifier);
      if (!target) continue;
      const to = path.relative(domainsDir, target).split(path.sep);
      if (to[0].startsWith('..') || to.length < 2 || to[0] === from[0]) continue;
      found.push({ from: from[0], to: to[0], file: from.join('/'), target: to.join('/'), line: item.line, typeOnly: item.typeOnly });
    }
  }
  return found;
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const found = crossDomainImports(path.join(root, 'server', 'src', 'domains'));
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(found, null, 2));
  } else {
    const tally = (key) => [...found.reduce((map, item) => map.set(key(item), (map.get(key(item)) ?? 0) + 1), new Map())].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const types = found.filter((item) => item.typeOnly).length;
    console.log(`${found.length} cross-domain imports (${found.length - types} at run time, ${types} type-only), ${tally((item) => `${item.from} -> ${item.to}`).length} domain pairs\n`);
    console.log('by pair:');
    for (const [pair, n] of tally((item) => `${item.from} -> ${item.to}`)) console.log(`  ${String(n).padStart(3)}  ${pair}`);
    console.log('\nmost imported modules:');
    for (const [target, n] of tally((item) => item.target).slice(0, 15)) console.log(`  ${String(n).padStart(3)}  ${target}`);
  }
}
