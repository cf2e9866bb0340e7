#!/usr/bin/env node
/**
 * The imports from one server domain's code into another's folder
 * (server/src/domains/A/... importing server/src/domains/B/..., issue 23). A domain's door
 * is its public module: `B/index.ts` (and, when a domain needs a second one, `B/types.ts`);
 * an import of a door is how domains reach each other, besides their extension points
 * (`deps.get`). Any other file of B is B's inside, and an import of it bypasses the door
 * (`npm run lint` refuses those, scripts/lint-boundaries.mjs).
 *
 * Static imports and re-exports, `import()` calls and `import('...')` types all count; test
 * files and test kits are left out; type-only imports are flagged, since they leave nothing
 * at run time. Prints the total, the door imports apart from the ones that bypass a door,
 * each pair A -> B and the most imported modules.
 *
 * A domain's tables are part of its door too: `B/B.tables.ts` holds them and imports nothing
 * but other tables files and db/schema's column helpers, so reaching B's tables never loads
 * B's code (re-exporting them from `B/index.ts` closed a 42-file import cycle through
 * content/, media/ and the services). The server code outside the domains (http/, content/,
 * media/, money/, the app's files …) reaches a domain the same way (`outsideDomainImports`).
 *
 * Usage: node scripts/cross-domain-imports.mjs [--json]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { resolveSpecifier, walk } from './import-cycles.mjs';

/** What a test file or a test kit is called; they may reach inside another domain. */
export const TEST = /(\.test\.ts$|test-kit\.ts$|test-support\.ts$|\.harness\.ts$|[\\/]testing[\\/])/;

/** The files that may be a domain's door, at the top of its folder. */
export const DOOR_FILES = ['index.ts', 'types.ts'];

/** A domain's tables file, the door to its tables: `wallet` -> `wallet.tables.ts`. */
export const tablesFileOf = (domain) => `${domain}.tables.ts`;

/** Whether `target` (relative to the domains folder, `/`-separated) is a domain's door (its tables file included). */
export const isDoor = (target) => {
  const parts = target.split('/');
  return parts.length === 2 && (DOOR_FILES.includes(parts[1]) || parts[1] === tablesFileOf(parts[0]));
};

/** The door files a domain has (`['index.ts', 'wallet.tables.ts']`, …), to name them in a message. */
export const doorsOf = (domainsDir, domain) => [...DOOR_FILES, tablesFileOf(domain)].filter((name) => existsSync(path.join(domainsDir, domain, name)));

/** Every relative module a file names, with its line, whether only types come through and the names it imports. */
export function moduleReferences(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const add = (node, specifier, typeOnly, names = []) => {
    if (specifier.startsWith('.')) found.push({ specifier, typeOnly, names, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : null;
      add(node, node.moduleSpecifier.text, Boolean(clause && (clause.isTypeOnly || (named && named.length > 0 && named.every((element) => element.isTypeOnly)))), named ? named.map((element) => (element.propertyName ?? element.name).text) : []);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : null;
      add(node, node.moduleSpecifier.text, node.isTypeOnly || Boolean(named && named.length > 0 && named.every((element) => element.isTypeOnly)));
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      add(node, node.arguments[0].text, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node, node.argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Every import in `domainsDir` (not tests) that names a module of another domain: `from`,
 * `to` (the domains), `file` and `target` (relative to `domainsDir`), `line`, `typeOnly`
 * and `door` (whether the target is one of the other domain's doors).
 */
export function crossDomainImports(domainsDir) {
  const found = [];
  for (const file of walk(domainsDir)) {
    if (TEST.test(file)) continue;
    const from = path.relative(domainsDir, file).split(path.sep);
    if (from.length < 2) continue;
    for (const item of moduleReferences(file)) {
      const target = resolveSpecifier(file, item.specifier);
      if (!target) continue;
      const to = path.relative(domainsDir, target).split(path.sep);
      if (to[0].startsWith('..') || to.length < 2 || to[0] === from[0]) continue;
      found.push({ from: from[0], to: to[0], file: from.join('/'), target: to.join('/'), line: item.line, typeOnly: item.typeOnly, door: isDoor(to.join('/')) });
    }
  }
  return found;
}

/**
 * Every import from server code outside the domains' folders (`srcDir` is server/src; the
 * files beside the domains, like plugin.ts, count as outside; tests and test kits do not) into
 * a domain's folder: `from` (the importing file's first folder or name under src), `to`,
 * `file` (relative to src), `target` (relative to src/domains), `line`, `typeOnly`, `door`.
 */
export function outsideDomainImports(srcDir) {
  const domainsDir = path.join(srcDir, 'domains');
  const found = [];
  for (const file of walk(srcDir)) {
    if (TEST.test(file)) continue;
    const inDomains = path.relative(domainsDir, file).split(path.sep);
    if (!inDomains[0].startsWith('..') && inDomains.length >= 2) continue;
    const from = path.relative(srcDir, file).split(path.sep);
    for (const item of moduleReferences(file)) {
      const target = resolveSpecifier(file, item.specifier);
      if (!target) continue;
      const to = path.relative(domainsDir, target).split(path.sep);
      if (to[0].startsWith('..') || to.length < 2) continue;
      found.push({ from: from[0], to: to[0], file: from.join('/'), target: to.join('/'), line: item.line, typeOnly: item.typeOnly, door: isDoor(to.join('/')) });
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
    const tally = (items, key) => [...items.reduce((map, item) => map.set(key(item), (map.get(key(item)) ?? 0) + 1), new Map())].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const doors = found.filter((item) => item.door);
    const bypass = found.filter((item) => !item.door);
    const types = (items) => items.filter((item) => item.typeOnly).length;
    const pair = (item) => `${item.from} -> ${item.to}`;
    console.log(`${found.length} cross-domain imports, ${tally(found, pair).length} domain pairs`);
    console.log(`  ${doors.length} through a door (${doors.length - types(doors)} at run time, ${types(doors)} type-only)`);
    console.log(`  ${bypass.length} bypass a door (${bypass.length - types(bypass)} at run time, ${types(bypass)} type-only)\n`);
    if (bypass.length > 0) {
      console.log('bypassing a door, by pair:');
      for (const [name, n] of tally(bypass, pair)) console.log(`  ${String(n).padStart(3)}  ${name}`);
      console.log('\nbypassing a door, most imported modules:');
      for (const [target, n] of tally(bypass, (item) => item.target).slice(0, 15)) console.log(`  ${String(n).padStart(3)}  ${target}`);
      console.log('');
    }
    console.log('through a door, by door (importing files):');
    for (const [target, n] of tally(doors, (item) => item.target)) console.log(`  ${String(n).padStart(3)}  ${target}`);
  }
}
