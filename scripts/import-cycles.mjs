#!/usr/bin/env node
/**
 * Finds import cycles among the modules of a source folder (issue 23): two or more files
 * that import each other, directly or around a loop. A cycle makes the load order decide
 * which module sees the other half-initialised, and it glues modules that should be
 * separable; the shared piece belongs in a module of its own.
 *
 * Edges are the relative specifiers of static imports and re-exports (`.js` resolved to
 * `.ts`, `.mjs` to `.mts`, a folder to its `index.ts`). `import type` and type-only
 * re-exports leave nothing at run time and are not edges; neither is `import()`, which
 * loads later and on demand. Cycles are the strongly connected components of that graph;
 * each is reported with one loop through all of it.
 *
 * Usage: node scripts/import-cycles.mjs [folder, default server/src]
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { SOURCE, sourceFiles } from './source-files.mjs';

/** Every source file under `dir`, declarations left out (they import nothing that runs). */
export const walk = (dir) => sourceFiles(dir);



/** Relative specifiers of a file's imports and re-exports, with their lines and whether only types come through. */
export function relativeImports(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const lineOf = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly = Boolean(
        clause &&
          (clause.isTypeOnly ||
            (!clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((element) => element.isTypeOnly))),
      );
      found.push({ specifier: node.moduleSpecifier.text, line: lineOf(node), typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = node.isTypeOnly || Boolean(node.exportClause && ts.isNamedExports(node.exportClause) && node.exportClause.elements.length > 0 && node.exportClause.elements.every((element) => element.isTypeOnly));
      found.push({ specifier: node.moduleSpecifier.text, line: lineOf(node), typeOnly });
    }
  }
  return found.filter((item) => item.specifier.startsWith('.'));
}

/** Relative specifiers a file loads at run time, with their lines. */
export function runtimeImports(file) {
  return relativeImports(file).filter((item) => !item.typeOnly);
}

/** The file a relative specifier names, or null when it is not a source file here. */
export function resolveSpecifier(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base.replace(/\.mjs$/, '.mts'), `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  for (const candidate of candidates) {
    if (SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The run-time import graph of every source file under `dir`: file -> [{ target, line }]. */
export function importGraph(dir) {
  const graph = new Map();
  for (const file of sourceFiles(dir)) {
    const edges = [];
    for (const item of runtimeImports(file)) {
      const target = resolveSpecifier(file, item.specifier);
      if (target) edges.push({ target, line: item.line });
    }
    graph.set(file, edges);
  }
  return graph;
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
function components(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const connect = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const { target } of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file), index.get(target)));
      }
    }
    if (low.get(file) === index.get(file)) {
      const members = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        members.push(member);
      } while (member !== file);
      const selfLoop = (graph.get(file) ?? []).some((edge) => edge.target === file);
      if (members.length > 1 || selfLoop) found.push(members.sort());
    }
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file);
  return found;
}

/** One loop from the component's first file back to it, each step with the importing line. */
function loopThrough(graph, members) {
  const inside = new Set(members);
  const start = members[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const edge of graph.get(file) ?? []) {
      if (!inside.has(edge.target)) continue;
      if (edge.target === start) {
        const steps = [{ from: file, line: edge.line, to: start }];
        for (let at = file; previous.get(at); at = previous.get(at).from) steps.unshift(previous.get(at));
        return steps;
      }
      if (!previous.has(edge.target)) {
        previous.set(edge.target, { from: file, line: edge.line, to: edge.target });
        queue.push(edge.target);
      }
    }
  }
  return [];
}

/**
 * Every import cycle under `dir`. Each: `files` (relative to `root`, sorted) and `loop`,
 * one way around it as `file:line -> file`.
 */
export function findImportCycles(dir, root = dir) {
  const graph = importGraph(dir);
  const relative = (file) => path.relative(root, file);
  return components(graph)
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map((members) => ({
      files: members.map(relative),
      loop: loopThrough(graph, members).map((step) => `${relative(step.from)}:${step.line} -> ${relative(step.to)}`),
    }));
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dir = path.resolve(process.argv[2] ?? path.join(root, 'server', 'src'));
  const cycles = findImportCycles(dir, root);
  for (const cycle of cycles) {
    console.log(`cycle of ${cycle.files.length}: ${cycle.files.join(', ')}`);
    for (const step of cycle.loop) console.log(`  ${step}`);
  }
  console.log(`${cycles.length} import cycle${cycles.length === 1 ? '' : 's'} under ${path.relative(root, dir) || '.'}`);
  process.exit(cycles.length > 0 ? 1 : 0);
}
