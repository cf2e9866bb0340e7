/**
 * What `NODE_ENV=production` changes at start (issue 8, item 2), on the real server as a
 * child process: no demo accounts unless asked for by name, and X-Forwarded-For from
 * anyone changes nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type Started } from '../test/server-process.js';
import { DEMO_LOGINS, DEMO_PASSWORD } from './seed/demo.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'fandeck-production-'));
const running: Started[] = [];
afterAll(async () => {
  for (const server of running) server.child.kill('SIGKILL');
  await Promise.all(running.map((server) => server.exited));
  rmSync(scratch, { recursive: true, force: true });
});

function start(env: Record<string, string>): Started {
  const server = startServerProcess(env);
  running.push(server);
  return server;
}

async function stop(server: Started): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

const login = (origin: string, username: string, password: string, forwardedFor?: string) =>
  fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: JSON.stringify({ username, password }),
  });

const creator = DEMO_LOGINS.find((entry) => entry.role === 'performer') ?? DEMO_LOGINS[0]!;

describe.skipIf(process.env.FANDECK_TEST_DB === 'postgres')('NODE_ENV=production', () => {
  it('seeds no demo accounts, so no demo login works; rotating X-Forwarded-For does not lift the login throttle', async () => {
    const server = start({ NODE_ENV: 'production', DATA_DIR: path.join(scratch, 'fresh') });
    await server.ready;
    expect(server.output()).not.toContain('Demo logins');
    const origin = server.origin();
    const codes: string[] = [];
    for (const entry of DEMO_LOGINS) {
      const answer = await login(origin, entry.email, DEMO_PASSWORD);
      expect(answer.status, entry.email).not.toBe(200);
      codes.push(((await answer.json()) as { code: string }).code);
    }
    expect(codes).toEqual(Array(DEMO_LOGINS.length).fill('auth.incorrect_credentials'));

    // No proxy is trusted by default: a new X-Forwarded-For on every try is still this one
    // address, so one account's failures from it are throttled after five. (Were the header
    // believed, every try would come from a fresh address and none would be.)
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const answer = await login(origin, 'someone@example.com', `wrong-${attempt}`, `203.0.113.${attempt + 1}`);
      statuses.push(answer.status);
    }
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    await stop(server);
  });

  it('refuses to start on a database that holds the demo accounts, unless SEED=demo is explicit', async () => {
    const dataDir = path.join(scratch, 'was-demo');
    const development = start({ NODE_ENV: 'development', SEED: 'demo', DATA_DIR: dataDir });
    await development.ready;
    await stop(development);

    const refused = start({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('demo account');
    expect(refused.output()).toContain('SEED=demo');
    expect(refused.output()).toContain(creator.email);

    const explicit = start({ NODE_ENV: 'production', SEED: 'demo', DATA_DIR: dataDir });
    await explicit.ready;
    const answer = await login(explicit.origin(), creator.email, DEMO_PASSWORD);
    expect(answer.status).toBe(200);
    await stop(explicit);
    // Three starts of the real server, the first on a fresh data folder: a guard against a hang, not a timing.
  });

  it('refuses the public sandbox PIX secret', async () => {
    const server = start({ NODE_ENV: 'production', DATA_DIR: path.join(scratch, 'pix'), PIX_WEBHOOK_SECRET: 'fandeck-pix-sandbox-secret' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PIX_WEBHOOK_SECRET');
  });
});
