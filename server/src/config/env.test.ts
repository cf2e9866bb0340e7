import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

describe('environment', () => {
  it('defaults to the embedded setup on port 8080 with data in .data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir.endsWith('.data')).toBe(true);
    expect(config.outboxDir.endsWith('.data/outbox')).toBe(true);
    expect(config.publicOrigin).toBe('http://localhost:8080');
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
