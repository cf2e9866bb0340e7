import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../test/helpers.js';

const partner = 'https://fans.example.com';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { CORS_ORIGINS: `${partner}, https://other.example.org` });
});
afterAll(() => t.close());

const preflight = (origin: string, method = 'PUT', headers = 'authorization, content-type') =>
  t.app.inject({ method: 'OPTIONS', url: '/api/users', headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers } });

describe('CORS for configured origins', () => {
  it('answers a listed origin’s preflight with its methods and headers, without asking for a credential', async () => {
    const res = await preflight(partner);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(partner);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-methods'])).toContain('PUT');
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/authorization.*content-type|content-type.*authorization/);
    expect(String(res.headers['access-control-allow-headers'])).toContain('idempotency-key');
  });

  it('lets a listed origin read answers, signed in with the Authorization header', async () => {
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user.email);
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { origin: partner, authorization: token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(partner);
    expect(String(res.headers.vary)).toContain('Origin');
  });

  it('gives any other origin, a look-alike or a null origin no CORS header at all', async () => {
    for (const origin of ['https://evil.example.com', 'https://fans.example.com.evil.io', 'http://fans.example.com', 'null']) {
      const pre = await preflight(origin);
      expect(pre.headers['access-control-allow-origin'], origin).toBeUndefined();
      const res = await t.app.inject({ method: 'GET', url: '/api/settings/public', headers: { origin } });
      expect(res.statusCode, origin).toBe(200);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('sends nothing when no origin is configured', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/settings/public', headers: { origin: partner } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers.vary ?? '').not.toContain('Origin');
    } finally {
      await plain.close();
    }
  });
});
