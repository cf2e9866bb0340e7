import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { callTable, renderCallRoutes } from '../contract/src/call-table.js';
import { routesCalledIn } from './called-routes.js';

const SOURCE = /\.tsx?$/;
const NOT_SHIPPED = /\.test\.tsx?$|\.type-test\.ts$|\.d\.ts$/;

/** The text of every shipped source file under `src` (tests and test kits left out). */
export function widgetSources(widgetsDir = path.dirname(fileURLToPath(import.meta.url))): string[] {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'testing' && entry.name !== 'node_modules') walk(full);
      } else if (SOURCE.test(entry.name) && !NOT_SHIPPED.test(entry.name)) texts.push(readFileSync(full, 'utf8'));
    }
  };
  walk(path.join(widgetsDir, 'src'));
  return texts;
}

/**
 * The vite plugin of the embed build (vite.config.ts): the contract's call-routes.ts, as that
 * build loads it, holds only the routes the widgets' sources call (called-routes.ts).
 */
export function callRoutesUsed(widgetsDir?: string): Plugin {
  return {
    name: 'fandeck:call-routes-used',
    load(id) {
      if (!id.replaceAll('\\', '/').endsWith('/contract/src/call-routes.ts')) return null;
      const used = routesCalledIn(widgetSources(widgetsDir), callTable().map(([name]) => name));
      return renderCallRoutes((name) => used.has(name));
    },
  };
}
