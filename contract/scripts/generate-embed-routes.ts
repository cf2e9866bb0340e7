/** Writes src/embed-routes.ts from routes.ts (see src/embed-table.ts). */
import { writeFileSync } from 'node:fs';
import { renderEmbedRoutes } from '../src/embed-table.js';

const file = new URL('../src/embed-routes.ts', import.meta.url);
writeFileSync(file, renderEmbedRoutes());
console.log(`wrote ${file.pathname}`);
