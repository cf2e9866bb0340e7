import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the API surface', () => {
  it('answers unknown routes with 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, message: 'Route GET /api/does-not-exist not found', error: 'Not Found', code: 'route.not_found' });
  });

  it('refuses malformed JSON with a 400 in the error shape', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'request.invalid' });
    expect(res.json().message.length).toBeGreaterThan(0);
  });

  it('gives framework refusals their request codes', async () => {
    const login = (headers: Record<string, string>, payload: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload });
    const xml = await login({ 'content-type': 'application/xml' }, '<login/>');
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ statusCode: 415, code: 'request.unsupported_media_type' });
    // An empty JSON body is `{}` (existing clients send body-less POSTs as JSON): the login then names what it lacks.
    const empty = await login({ 'content-type': 'application/json' }, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ statusCode: 400, code: 'request.invalid' });
    expect(empty.json().fields).toContain('body.password');
    // Prototype poisoning is still refused by the JSON parser.
    const poisoned = await login({ 'content-type': 'application/json' }, '{"username":"a","password":"b","__proto__":{"admin":true}}');
    expect(poisoned.statusCode).toBe(400);
    const query = await t.app.inject({ method: 'GET', url: '/api/performers/search?limit=many' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ code: 'request.invalid', fields: ['querystring.limit'] });
  });

  it('publishes an OpenAPI document listing every documented route from the same schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['password']);
    for (const path of ['/api/settings/public', '/api/performers/search', '/api/performers/{id}', '/api/users/me', '/api/auth/performers/register']) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect(doc.paths).not.toHaveProperty(['/api/openapi.json']);
  });
});

describe('compression', () => {
  it('compresses large answers for clients that accept it and leaves others alone', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });
});
