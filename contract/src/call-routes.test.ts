import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { callEntry, renderCallRoutes } from './call-table.js';
import { callRoutes } from './call-routes.js';
import { routes, type RouteSpec } from './routes.js';

describe('call-routes.ts', () => {
  it('is what routes.ts generates today (else: npm run generate -w contract)', () => {
    expect(readFileSync(new URL('./call-routes.ts', import.meta.url), 'utf8')).toBe(renderCallRoutes());
  });

  it('gives every route its method and path, and nothing else', () => {
    const table = routes as Readonly<Record<string, RouteSpec>>;
    expect(Object.keys(callRoutes).sort()).toEqual(Object.keys(table).sort());
    for (const [name, spec] of Object.entries(table)) expect(callRoutes[name]).toBe(callEntry(spec));
  });
});
