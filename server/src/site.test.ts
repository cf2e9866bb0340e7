import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  // A stand-in build of the site, so this does not depend on `npm run build`.
  const site = mkdtempSync(path.join(os.tmpdir(), 'fandeck-site-'));
  mkdirSync(path.join(site, 'host/assets'), { recursive: true });
  writeFileSync(path.join(site, 'host/index.html'), '<!doctype html><title>Fandeck</title>');
  writeFileSync(path.join(site, 'host/assets/app.js'), 'export {};');
  t = await createTestApp({}, {}, { serveSite: { host: path.join(site, 'host'), loader: path.join(site, 'loader'), widgets: path.join(site, 'widgets') } });
});
afterAll(() => t.close());

describe('host pages', () => {
  it("may be framed only by the platform itself: frame-ancestors 'self' on every page", async () => {
    for (const url of ['/', '/index.html', '/auth/login', '/ana.lima', '/wallet?tab=history']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBe("frame-ancestors 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('leaves scripts and API answers without the page headers', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['x-frame-options']).toBeUndefined();
    const api = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(api.statusCode).toBe(200);
    expect(api.headers['x-frame-options']).toBeUndefined();
  });
});
