import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What a built module pulls in: statically (fetched before it runs) and by `import()` (later, on demand). */
export interface ModuleLinks {
  imports: string[];
  dynamicImports: string[];
}

// Minified code writes `import{a as b}from"./x.js"` and `export*from"./x.js"`: no space before `from`.
const staticImport = /(?:^|[;}\s])(?:import|export)\s*(?:[^'"();]*?[\s}*]from\s*)?["']([^"']+)["']/g;
const dynamicImport = /\bimport\(\s*["'`]([^"'`]+)["'`]\s*\)/g;

/** The relative imports of one built ES module, as paths relative to `dir`. */
export function moduleLinks(dir: string, file: string): ModuleLinks {
  const code = readFileSync(path.join(dir, file), 'utf8');
  const resolve = (specifier: string) => path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  const relative = (pattern: RegExp) =>
    [...code.matchAll(pattern)].map((match) => match[1] ?? '').filter((specifier) => specifier.startsWith('.')).map(resolve);
  return { imports: relative(staticImport), dynamicImports: relative(dynamicImport) };
}

/** The entry and every module it imports statically, in the order a browser discovers them. */
export function staticGraph(dir: string, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(path.join(dir, file))) return;
    seen.add(file);
    for (const next of moduleLinks(dir, file).imports) visit(next);
  };
  visit(entry);
  return [...seen];
}

/** Modules any file of `graph` may import later, not already in the graph. */
export function lazyChunks(dir: string, graph: readonly string[]): string[] {
  const lazy = new Set<string>();
  for (const file of graph) for (const next of moduleLinks(dir, file).dynamicImports) if (!graph.includes(next)) lazy.add(next);
  return [...lazy];
}

/**
 * The files an HTML page of a build loads before it runs: its module scripts (with their
 * static graphs) and stylesheets. `base` is the URL prefix the build wrote (`/assets/`
 * is under `/`; the bridge's assets are under `/widgets/bridge/`).
 */
export function htmlGraph(dir: string, htmlFile: string, base: string): string[] {
  const html = readFileSync(path.join(dir, htmlFile), 'utf8');
  const files: string[] = [htmlFile];
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"[^>]*>/g)) {
    const tag = match[0];
    const url = match[1] ?? '';
    if (!url.startsWith(base)) continue;
    const file = url.slice(base.length);
    if (tag.startsWith('<script') || /rel="modulepreload"/.test(tag)) files.push(...staticGraph(dir, file));
    else if (/rel="stylesheet"/.test(tag)) files.push(file);
  }
  return [...new Set(files)];
}
