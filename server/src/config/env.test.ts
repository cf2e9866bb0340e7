import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SANDBOX_PIX_SECRET } from './env.js';

describe('environment', () => {
  it('defaults to the embedded setup on port 8080 with data in .data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir.endsWith('.data')).toBe(true);
    expect(config.outboxDir.endsWith('.data/outbox')).toBe(true);
    expect(config.publicOrigin).toBe('http://localhost:8080');
  });

  it('seeds demo data by default, but in production only when SEED=demo is set', () => {
    expect(loadConfig({})).toMatchObject({ seed: 'demo', seedExplicit: false });
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ seed: 'none', seedExplicit: false });
    expect(loadConfig({ NODE_ENV: 'production', SEED: 'demo' })).toMatchObject({ seed: 'demo', seedExplicit: true });
  });

  it('never takes the public sandbox PIX secret in production', () => {
    expect(loadConfig({}).pixWebhookSecret).toBe(SANDBOX_PIX_SECRET);
    expect(() => loadConfig({ NODE_ENV: 'production', PIX_WEBHOOK_SECRET: SANDBOX_PIX_SECRET })).toThrow(/PIX_WEBHOOK_SECRET/);
    const unset = [loadConfig({ NODE_ENV: 'production' }).pixWebhookSecret, loadConfig({ NODE_ENV: 'production' }).pixWebhookSecret];
    expect(unset[0]).not.toBe(SANDBOX_PIX_SECRET);
    expect(unset[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(unset[1]).not.toBe(unset[0]);
    expect(loadConfig({ NODE_ENV: 'production', PIX_WEBHOOK_SECRET: 'provider-secret-0123456789' }).pixWebhookSecret).toBe('provider-secret-0123456789');
  });

  it('names every bad variable in one message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', STRIPE_SECRET_KEY: 'nope' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/DATABASE_URL: must be a postgres/);
    expect(message).toMatch(/STRIPE_SECRET_KEY/);
  });
});

describe('TRUST_PROXY and CORS_ORIGINS', () => {
  const base = { NODE_ENV: 'test' };
  it('trusts no proxy by default; takes a hop count or a list of addresses', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({ ...base, TRUST_PROXY: '::1, fd00::/8' }).trustProxy).toEqual(['::1', 'fd00::/8']);
  });

  it('refuses anything else, naming the variable', () => {
    for (const value of ['true', 'yes', '99', 'evil.example', '1.2.3.4/x']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });

  it('reads exact origins for CORS and refuses paths or wildcards', () => {
    expect(loadConfig(base).corsOrigins).toEqual([]);
    expect(loadConfig({ ...base, CORS_ORIGINS: 'https://fans.example.com, http://localhost:5173' }).corsOrigins).toEqual([
      'https://fans.example.com',
      'http://localhost:5173',
    ]);
    for (const value of ['*', 'https://fans.example.com/', 'fans.example.com', 'https://*.example.com']) {
      expect(() => loadConfig({ ...base, CORS_ORIGINS: value }), value).toThrow(/CORS_ORIGINS/);
    }
  });
});
