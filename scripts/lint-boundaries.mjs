#!/usr/bin/env node
/**
 * Checks the import boundaries of the widgets and the host (issue 7, item 5):
 *
 * - a feature folder (any widgets/src/<dir> that defines an element) imports only its
 *   own folder, kit, ui, session, i18n, format, @fandeck/contract (its zod schemas only
 *   as `import type`) and npm packages: never another feature;
 * - the shared runtime (session, kit, ui, api, live, i18n) never imports a feature's code
 *   (an `import type`, which leaves nothing in a bundle, is let through: i18n types
 *   every feature's texts that way);
 * - the host reaches the widgets only through the widgets package's exports;
 * - no import cycle among the server's modules (server/src, issue 23; see import-cycles.mjs);
 * - a server domain reaches another only through its door (issue 23): a file of
 *   server/src/domains/A may import server/src/domains/B/index.ts (or B/types.ts, a second
 *   door, or B/B.tables.ts, its tables) and nothing else of B; so may the server code outside
 *   the domains (http/, content/, media/, money/, seed/, the app's files); tests and test kits
 *   may reach inside (cross-domain-imports.mjs);
 * - a domain owns its tables (issue 23): they are in `B/B.tables.ts` (a shared module's in its
 *   own `*.tables.ts`), which imports only other tables files and db/schema's column helpers;
 *   no code but the Drizzle client imports the aggregate `db/schema/index.ts` (tests may).
 *
 * And one rule of issue 23: a field's `maxLength` or `minLength` in a widgets or host
 * .tsx is never a number written there (`maxLength={500}`): the bound comes from the
 * contract's LIMITS, which the server enforces, so the two sides cannot drift apart.
 *
 * And issue 23's rule that an API path is written only in the contract: no string or
 * template literal in widgets/src or host/src is an API route's path (api-path-literals.mjs).
 *
 * Test files and `testing/` helpers are not checked. Prints `file:line: message` for
 * every breach and exits 1 when there is one.
 *
 * Usage: node scripts/lint-boundaries.mjs [--root <repository root>]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { lintApiPathLiterals } from './api-path-literals.mjs';
import { crossDomainImports, doorsOf, moduleReferences, outsideDomainImports, TEST } from './cross-domain-imports.mjs';
import { findImportCycles, resolveSpecifier } from './import-cycles.mjs';
import { sourceFiles } from './source-files.mjs';

const walk = (dir) => sourceFiles(dir, { declarations: true });

const SHARED = ['session', 'kit', 'ui', 'api', 'live', 'i18n'];
const FEATURE_MAY_IMPORT = ['kit', 'ui', 'session', 'i18n', 'format'];
const SKIPPED = /(\.test\.(ts|tsx)$|\.d\.ts$|[\\/]testing[\\/])/;

function parseRoot(argv) {
  const at = argv.indexOf('--root');
  if (at >= 0 && argv[at + 1]) return path.resolve(argv[at + 1]);
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
}


/** widgets/src/<dir> folders that define an element: a `*.element.ts` file or a `defineElement(` call. */
function featureFolders(widgetsSrc) {
  const features = new Set();
  if (!existsSync(widgetsSrc)) return features;
  for (const entry of readdirSync(widgetsSrc)) {
    const dir = path.join(widgetsSrc, entry);
    if (!statSync(dir).isDirectory() || entry === 'kit') continue;
    const defines = walk(dir).some((file) => !SKIPPED.test(file) && (/\.element\.tsx?$/.test(file) || /\bdefineElement\s*\(/.test(readFileSync(file, 'utf8'))));
    if (defines) features.add(entry);
  }
  return features;
}

/** Every module a file names: static imports and re-exports, `import()` calls, with whether only types come through. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const add = (node, specifier, typeOnly) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push({ specifier, typeOnly, line: line + 1 });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly = Boolean(
        clause &&
          (clause.isTypeOnly ||
            (!clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((element) => element.isTypeOnly))),
      );
      add(node, node.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node, node.moduleSpecifier.text, node.isTypeOnly);
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

const LENGTH_ATTRIBUTES = new Set(['maxLength', 'minLength']);

/** `maxLength={500}`, `maxLength="500"` and the like in a .tsx file: a bound that should be the contract's. */
export function literalLengthsOf(file) {
  if (!file.endsWith('.tsx')) return [];
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found = [];
  const visit = (node) => {
    if (ts.isJsxAttribute(node) && ts.isIdentifier(node.name) && LENGTH_ATTRIBUTES.has(node.name.text) && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      const literal = value && (ts.isNumericLiteral(value) || ts.isStringLiteral(value) || (ts.isPrefixUnaryExpression(value) && ts.isNumericLiteral(value.operand)));
      if (literal) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push({ line: line + 1, text: node.getText(source) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The folder under widgets/src a path is in, or null outside it. */
function widgetsFolder(widgetsSrc, target) {
  const relative = path.relative(widgetsSrc, target);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? first : null;
}

/**
 * What the host may import of the widgets: the package's export keys, exact ones and
 * patterns with one `*` (`./*.element`), a pattern counting only when the file it names
 * exists, as the resolver would find it.
 */
function packageExports(widgetsPackage) {
  if (!existsSync(widgetsPackage)) return { has: () => false };
  const manifest = JSON.parse(readFileSync(widgetsPackage, 'utf8'));
  const name = (key) => (key === '.' ? '@fandeck/widgets' : `@fandeck/widgets/${key.replace(/^\.\//, '')}`);
  const entries = Object.entries(manifest.exports ?? {});
  const exact = new Set(entries.filter(([key]) => !key.includes('*')).map(([key]) => name(key)));
  const patterns = entries
    .filter(([key]) => key.includes('*'))
    .map(([key, target]) => {
      const [prefix, suffix] = name(key).split('*');
      return { prefix, suffix, target: String(target) };
    });
  return {
    has(specifier) {
      if (exact.has(specifier)) return true;
      return patterns.some(({ prefix, suffix, target }) => {
        if (!specifier.startsWith(prefix) || !specifier.endsWith(suffix) || specifier.length < prefix.length + suffix.length) return false;
        const match = specifier.slice(prefix.length, specifier.length - suffix.length);
        return existsSync(path.join(path.dirname(widgetsPackage), target.replace('*', match)));
      });
    },
  };
}

export function lintBoundaries(root) {
  const widgetsSrc = path.join(root, 'widgets', 'src');
  const hostSrc = path.join(root, 'host', 'src');
  const features = featureFolders(widgetsSrc);
  const exported = packageExports(path.join(root, 'widgets', 'package.json'));
  const problems = [];
  const report = (file, line, message) => problems.push(`${path.relative(root, file)}:${line}: ${message}`);

  const checkContract = (file, item) => {
    if (item.specifier === '@fandeck/contract/schemas' && !item.typeOnly) {
      report(file, item.line, "'@fandeck/contract/schemas' may only be imported with `import type` (no zod in the widgets' bundles)");
    }
  };

  for (const file of walk(widgetsSrc)) {
    if (SKIPPED.test(file)) continue;
    const own = widgetsFolder(widgetsSrc, file);
    if (!own) continue;
    const isFeature = features.has(own);
    const isShared = SHARED.includes(own);
    for (const item of importsOf(file)) {
      checkContract(file, item);
      if (!item.specifier.startsWith('.')) continue;
      const target = widgetsFolder(widgetsSrc, path.resolve(path.dirname(file), item.specifier));
      if (!target || target === own) continue;
      if (isShared && features.has(target) && !item.typeOnly) {
        report(file, item.line, `the shared runtime (${own}) imports the feature '${target}' ('${item.specifier}'); reach features through session.use or kit's ensureElement/ensureFeature`);
      } else if (isFeature && features.has(target)) {
        report(file, item.line, `the feature '${own}' imports the feature '${target}' ('${item.specifier}'); render its element by tag or use its model by name through kit`);
      } else if (isFeature && !FEATURE_MAY_IMPORT.includes(target)) {
        report(file, item.line, `the feature '${own}' imports '${target}' ('${item.specifier}'); features may import only ${FEATURE_MAY_IMPORT.join(', ')}, @fandeck/contract and npm packages`);
      }
    }
  }

  for (const file of walk(hostSrc)) {
    if (SKIPPED.test(file)) continue;
    for (const item of importsOf(file)) {
      checkContract(file, item);
      if (item.specifier.startsWith('.')) {
        const target = path.resolve(path.dirname(file), item.specifier);
        if (!path.relative(path.join(root, 'widgets'), target).startsWith('..')) {
          report(file, item.line, `the host reaches into the widgets by path ('${item.specifier}'); import an export of @fandeck/widgets`);
        }
      } else if (item.specifier === '@fandeck/widgets' || item.specifier.startsWith('@fandeck/widgets/')) {
        if (!exported.has(item.specifier)) report(file, item.line, `'${item.specifier}' is not an export of @fandeck/widgets (widgets/package.json "exports")`);
      }
    }
  }
  for (const cycle of findImportCycles(path.join(root, 'server', 'src'), root)) {
    const [first] = cycle.loop;
    const [where] = first.split(' -> ');
    report(path.join(root, where.replace(/:\d+$/, '')), where.match(/:(\d+)$/)[1], `import cycle among ${cycle.files.join(', ')} (${cycle.loop.join(', ')}); move what both need into a module of its own`);
  }
  problems.push(...lintDomainDoors(root), ...lintDomainTables(root));
  return { problems, features: [...features].sort() };
}

/** Every import from one server domain into another's inside, past its door, as `file:line: message`. */
export function lintDomainDoors(root) {
  const domainsDir = path.join(root, 'server', 'src', 'domains');
  const problems = [];
  for (const item of crossDomainImports(domainsDir)) {
    if (item.door) continue;
    const doors = doorsOf(domainsDir, item.to);
    const where = path.relative(root, path.join(domainsDir, ...item.file.split('/')));
    const door = doors.length > 0 ? `its door, '${item.to}/${doors.join(`' or '${item.to}/`)}'` : `its door, '${item.to}/index.ts' (none yet: add it, exporting what '${item.from}' needs)`;
    problems.push(`${where}:${item.line}: the domain '${item.from}' imports '${item.target}', inside the domain '${item.to}'; import it from ${door}, or use its extension point (deps.get('${item.to}'))`);
  }
  for (const item of outsideDomainImports(path.join(root, 'server', 'src'))) {
    if (item.door) continue;
    const doors = doorsOf(domainsDir, item.to);
    const where = path.relative(root, path.join(root, 'server', 'src', ...item.file.split('/')));
    const door = doors.length > 0 ? `its door, '${item.to}/${doors.join(`' or '${item.to}/`)}'` : `its door, '${item.to}/index.ts' (none yet: add it, exporting what '${item.file}' needs)`;
    problems.push(`${where}:${item.line}: '${item.file}', outside the domains, imports '${item.target}', inside the domain '${item.to}'; import it from ${door}`);
  }
  return problems;
}

/** The files that hold tables (`*.tables.ts`), and the column helpers they may import beside each other. */
const TABLES_FILE = /\.tables\.ts$/;
const COLUMN_HELPERS = ['columns.ts', 'ids.ts'];

/** Each table's (and its constants' and types') name, with the tables file under `srcDir` that declares it. */
function tableOwners(srcDir) {
  const owners = new Map();
  for (const file of walk(srcDir)) {
    if (!TABLES_FILE.test(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/^export (?:const|type|interface) ([A-Za-z0-9_$]+)/gm)) owners.set(match[1], path.relative(srcDir, file).split(path.sep).join('/'));
  }
  return owners;
}

/**
 * Where the tables' aggregate is imported by code other than the Drizzle client (each table
 * named with the file to take it from), and where a tables file imports anything but other
 * tables files and the column helpers, as `file:line: message`. Tests are not checked.
 */
export function lintDomainTables(root) {
  const srcDir = path.join(root, 'server', 'src');
  const schemaDir = path.join(srcDir, 'db', 'schema');
  const client = path.join(srcDir, 'db', 'client.ts');
  const owners = tableOwners(srcDir);
  const problems = [];
  for (const file of walk(srcDir)) {
    if (TEST.test(file) || file === client || !path.relative(schemaDir, file).startsWith('..')) continue;
    const where = path.relative(root, file);
    for (const item of moduleReferences(file)) {
      const target = resolveSpecifier(file, item.specifier);
      if (!target) continue;
      const helper = path.dirname(target) === schemaDir && COLUMN_HELPERS.includes(path.basename(target));
      if (!path.relative(schemaDir, target).startsWith('..') && !helper) {
        const from = item.names.map((name) => (owners.has(name) ? `${name} from '${owners.get(name)}'` : name)).join(', ');
        problems.push(`${where}:${item.line}: imports the tables' aggregate '${item.specifier}', which only the Drizzle client reads; take each table from its owner's tables file${from ? ` (${from})` : ''}: your own domain's, or another domain's door`);
      } else if (TABLES_FILE.test(file) && !TABLES_FILE.test(target) && !helper) {
        problems.push(`${where}:${item.line}: a tables file imports '${item.specifier}'; it may import only other tables files and db/schema's column helpers, so that reaching a domain's tables never loads its code`);
      }
    }
  }
  return problems;
}

/** Every literal `maxLength`/`minLength` in the widgets' and the host's .tsx files (not tests), as `file:line: message`. */
export function lintLiteralLimits(root) {
  const problems = [];
  for (const dir of [path.join(root, 'widgets', 'src'), path.join(root, 'host', 'src')]) {
    for (const file of walk(dir)) {
      if (SKIPPED.test(file)) continue;
      for (const { line, text } of literalLengthsOf(file)) {
        problems.push(`${path.relative(root, file)}:${line}: ${text} is a number written here; take the bound from LIMITS in @fandeck/contract (the server enforces the same value)`);
      }
    }
  }
  return { problems };
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const root = parseRoot(process.argv.slice(2));
  const { problems, features } = lintBoundaries(root);
  const { problems: literals } = lintLiteralLimits(root);
  const { problems: apiPaths } = lintApiPathLiterals(root);
  for (const problem of [...problems, ...literals, ...apiPaths]) console.error(problem);
  if (apiPaths.length > 0) console.error(`${apiPaths.length} API path literal${apiPaths.length === 1 ? '' : 's'} outside the contract.`);
  if (problems.length > 0) console.error(`\n${problems.length} import boundary breach${problems.length === 1 ? '' : 'es'} (features: ${features.join(', ')}).`);
  if (literals.length > 0) console.error(`${problems.length > 0 ? '' : '\n'}${literals.length} literal field length${literals.length === 1 ? '' : 's'} where a contract limit belongs.`);
  if (problems.length > 0 || literals.length > 0 || apiPaths.length > 0) process.exit(1);
  console.log(`Import boundaries hold (features: ${features.join(', ')}; server domains reach each other through their doors); no literal field lengths; no API path literals outside the contract.`);
}
