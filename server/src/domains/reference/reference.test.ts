import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { blockedCountries } from '../../db/schema/index.js';
import { countryOfIp, isLocalIp } from './geo-ip.js';

let t: TestApp;
/** The same app with no trusted proxy (the default): X-Forwarded-For from anyone is ignored. */
let direct: TestApp;

beforeAll(async () => {
  // The test client sits behind one trusted proxy at 127.0.0.1.
  t = await createTestApp({}, { TRUST_PROXY: '127.0.0.1' });
  direct = await createTestApp();
});

afterAll(async () => {
  await t.close();
  await direct.close();
});

async function getData<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  const body = res.json<{ status: number; data: T }>();
  expect(body.status).toBe(0);
  return body.data;
}

interface Country {
  name: string;
  code: string;
  capital: string;
  region: string;
  currency: { code: string; name: string; symbol: string | null };
  language: { code: string; name: string; iso639_2?: string; nativeName?: string };
  flag: string;
}

describe('GET /api/countries/list and flags', () => {
  it('lists countries in the app shape with a flag address on this API', async () => {
    const countries = await getData<Country[]>('/api/countries/list');
    expect(countries.length).toBeGreaterThan(200);
    expect(countries.find((c) => c.code === 'BR')).toEqual({
      name: 'Brazil',
      code: 'BR',
      capital: 'Brasília',
      region: 'SA',
      currency: { code: 'BRL', name: 'Brazilian Real', symbol: 'R$' },
      language: { code: 'pt', name: 'Portuguese', iso639_2: 'por', nativeName: 'Português' },
      flag: 'http://fandeck.test/api/flags/br.svg',
    });
    for (const country of countries) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(['EU', 'AS', 'AF', 'NA', 'SA', 'OC']).toContain(country.region);
      expect(country.flag).toBe(`http://fandeck.test/api/flags/${country.code.toLowerCase()}.svg`);
    }
    expect(countries.find((c) => c.code === 'CH')?.currency.symbol).toBeNull();
  });

  it('serves every listed flag as SVG from this API', async () => {
    const countries = await getData<Country[]>('/api/countries/list');
    for (const country of countries) {
      const res = await t.app.inject({ method: 'GET', url: new URL(country.flag).pathname });
      expect(res.statusCode, country.code).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.body.startsWith('<svg')).toBe(true);
    }
  });

  it('answers 404 in the error shape for a code with no flag', async () => {
    for (const url of ['/api/flags/zz.svg', '/api/flags/br.png', '/api/flags/..%2Fpackage.json', '/api/flags/BRA.svg']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });
});

describe('GET /api/states and /api/cities', () => {
  it('lists the states of Brazil', async () => {
    const states = await getData<Array<{ name: string; isoCode: string; countryCode: string }>>('/api/states/BR');
    expect(states).toHaveLength(27);
    expect(states.find((s) => s.isoCode === 'SP')).toMatchObject({ name: 'São Paulo', countryCode: 'BR' });
    expect(await getData('/api/states/br')).toEqual(states);
  });

  it('lists the cities of a Brazilian state', async () => {
    const cities = await getData<Array<{ name: string; stateCode: string }>>('/api/cities/BR/SP');
    expect(cities.length).toBeGreaterThan(500);
    expect(cities.map((c) => c.name)).toEqual(expect.arrayContaining(['São Paulo', 'Campinas', 'Santos']));
    expect(cities.every((c) => c.stateCode === 'SP')).toBe(true);
  });

  it('refuses unknown countries and states with 404, malformed codes with 400', async () => {
    const unknownCountry = await t.app.inject({ method: 'GET', url: '/api/states/ZZ' });
    expect(unknownCountry.statusCode).toBe(404);
    expect(unknownCountry.json().message).toBe('Unknown country code ZZ');
    const unknownState = await t.app.inject({ method: 'GET', url: '/api/cities/BR/ZZ' });
    expect(unknownState.statusCode).toBe(404);
    expect(unknownState.json().message).toBe('Unknown state code ZZ in country BR');
    expect((await t.app.inject({ method: 'GET', url: '/api/cities/ZZ/SP' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/states/BRA' })).statusCode).toBe(400);
  });
});

describe('languages, locales, phone codes, user attributes', () => {
  it('GET /api/languages/list gives full records', async () => {
    const records = await getData<Array<{ iso639_1: string; direction: string; family: string; name: string[] }>>(
      '/api/languages/list',
    );
    expect(records.length).toBeGreaterThan(400);
    expect(records.find((r) => r.iso639_1 === 'he')).toMatchObject({ direction: 'RTL', family: 'Afro-Asiatic' });
  });

  it('GET /api/languages and /api/locales give the simple lists', async () => {
    const languages = await getData<Array<{ code: string; name: string }>>('/api/languages');
    expect(languages.find((l) => l.code === 'pt')).toMatchObject({ name: 'Portuguese', direction: 'LTR' });
    const locales = await getData<Array<{ tag: string; script?: string }>>('/api/locales');
    expect(locales.some((l) => l.tag === 'pt-BR')).toBe(true);
    expect(locales.some((l) => l.script === 'Latn')).toBe(true);
  });

  it('GET /api/phone-codes/list gives at least 64 countries', async () => {
    const list = await getData<Array<{ name: string; code: string; iso: string; regex: string }>>('/api/phone-codes/list');
    expect(list.length).toBeGreaterThanOrEqual(64);
    expect(list.find((p) => p.iso === 'BR')).toEqual({ name: 'Brazil', code: '55', iso: 'BR', regex: '^55\\d{10,11}$' });
    expect(list.find((p) => p.iso === 'IS')?.regex).toBe('^354\\d{7}$');
  });

  it('GET /api/user-additional gives the generated choices', async () => {
    const data = await getData<Record<string, Array<{ value: string; label: string }>>>('/api/user-additional');
    expect(Object.keys(data).sort()).toEqual(
      ['ages', 'bodyTypes', 'ethnicities', 'eyes', 'genders', 'hairs', 'heights', 'sexualOrientations', 'sizes', 'weights'],
    );
    expect(data.heights).toHaveLength(19);
    expect(data.weights).toHaveLength(22);
    expect(data.ages).toHaveLength(12);
    expect(data.genders?.map((g) => g.value)).toEqual(['male', 'female', 'trans']);
  });
});

describe('geo location and country blocking', () => {
  it('looks up addresses in the shipped database, local ones have no country', () => {
    expect(countryOfIp('8.8.8.8')).toBe('US');
    expect(countryOfIp('::ffff:8.8.8.8')).toBe('US');
    expect(countryOfIp('2001:4860:4860::8888')).toBe('US');
    expect(countryOfIp('200.160.2.3')).toBe('BR');
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '::1', 'fd00::1', 'fe80::1', 'nonsense']) {
      expect(isLocalIp(ip), ip).toBe(true);
      expect(countryOfIp(ip), ip).toBeNull();
    }
  });

  it("GET /api/geo-location/ip answers the caller's country from x-forwarded-for", async () => {
    expect(await getData('/api/geo-location/ip', { 'x-forwarded-for': '8.8.8.8' })).toEqual({ ip: '8.8.8.8', country: 'US' });
    expect(await getData('/api/geo-location/ip')).toEqual({ ip: '127.0.0.1', country: null });
    expect(await getData('/api/geo-location/ip', { 'x-forwarded-for': '192.168.0.7' })).toEqual({
      ip: '192.168.0.7',
      country: null,
    });
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const res = await direct.app.inject({ method: 'GET', url: '/api/geo-location/ip', headers: { 'x-forwarded-for': '8.8.8.8' } });
    expect(res.json()).toMatchObject({ data: { ip: '127.0.0.1', country: null } });
  });

  it('GET /api/block/countries/check reports a blocked country', async () => {
    await t.ctx.db.insert(blockedCountries).values({ countryCode: 'US' }).onConflictDoNothing();
    try {
      expect(await getData('/api/block/countries/check', { 'x-forwarded-for': '8.8.8.8' })).toEqual({
        blocked: true,
        country: 'US',
      });
      expect(await getData('/api/block/countries/check', { 'x-forwarded-for': '200.160.2.3' })).toEqual({
        blocked: false,
        country: 'BR',
      });
      expect(await getData('/api/block/countries/check')).toEqual({ blocked: false, country: null });
    } finally {
      await t.ctx.db.delete(blockedCountries).where(eq(blockedCountries.countryCode, 'US'));
    }
    expect(await getData('/api/block/countries/check', { 'x-forwarded-for': '8.8.8.8' })).toEqual({
      blocked: false,
      country: 'US',
    });
  });
});
