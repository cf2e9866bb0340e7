/** Writes src/embed-routes.ts (src/embed-table.ts) and src/call-routes.ts (src/call-table.ts) from routes.ts. */
import { writeFileSync } from 'node:fs';
import { renderCallRoutes } from '../src/call-table.js';
import { renderEmbedRoutes } from '../src/embed-table.js';

for (const [name, text] of [
  ['embed-routes.ts', renderEmbedRoutes()],
  ['call-routes.ts', renderCallRoutes()],
] as const) {
  const file = new URL(`../src/${name}`, import.meta.url);
  writeFileSync(file, text);
  console.log(`wrote ${file.pathname}`);
}
