import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WAIT_MS } from '../../testing/budgets.js';
import { serverBundle } from '../../testing/server-bundle.js';
import { repoRoot } from './paths.js';

/**
 * Where the run's seeded data folder lives (global-setup.ts makes it once): a server's
 * first start (creating, migrating and seeding the embedded database) is most of its
 * start, so each file's server starts from a copy of that folder instead, as a restart.
 */
export const SEEDED_TEMPLATE_ENV = 'FANDECK_E2E_SEEDED_DATA';

export interface StartServerOptions {
  /** Extra environment for the server; wins over the defaults below. */
  env?: Record<string, string>;
  /** How long to wait for GET /api/settings/public to answer. */
  readyTimeoutMs?: number;
  /** Keep the data folder after stop (for debugging). */
  keepData?: boolean;
  /** Start from an empty data folder (a real first start) instead of a copy of the run's seeded one. */
  firstStart?: boolean;
}

export interface ExitResult {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunningServer {
  origin: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then wait up to `timeoutMs` for the exit; SIGKILL and throw past it. Idempotent. */
  stop(timeoutMs?: number): Promise<ExitResult>;
}


/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/**
 * Starts the real server (`node server/dist/main.mjs`, as `npm start` does) on a free port
 * with a fresh embedded database, and resolves once its API answers.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fandeck-e2e-'));
  const template = process.env[SEEDED_TEMPLATE_ENV];
  if (template && !options.firstStart && !options.env?.DATA_DIR) await cp(template, dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The embedded database and in-process fan-out unless a test asks otherwise.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...options.env,
  });

  const child = spawn(process.execPath, [serverBundle], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<ExitResult>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  let stopping: Promise<ExitResult> | undefined;
  const server: RunningServer = {
    origin,
    port,
    dataDir,
    output: () => output,
    stop(timeoutMs = WAIT_MS) {
      stopping ??= stopChild(child, exited, timeoutMs).finally(async () => {
        if (!options.keepData) await rm(dataDir, { recursive: true, force: true });
      });
      return stopping;
    },
  };

  try {
    await waitUntilReady(origin, exited, options.readyTimeoutMs ?? 90_000);
  } catch (error) {
    await server.stop(5_000).catch(() => undefined);
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  return server;
}

async function waitUntilReady(origin: string, exited: Promise<ExitResult>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exit: ExitResult | undefined;
  void exited.then((result) => (exit = result));
  let lastError = 'no answer yet';
  while (Date.now() < deadline) {
    if (exit) throw new Error(`server exited before it was ready (code ${String(exit.code)}, signal ${String(exit.signal)})`);
    try {
      const response = await fetch(`${origin}/api/settings/public`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await Promise.race([delay(100), exited]);
  }
  throw new Error(`server at ${origin} not ready within ${timeoutMs} ms (${lastError})`);
}

async function stopChild(child: ChildProcess, exited: Promise<ExitResult>, timeoutMs: number): Promise<ExitResult> {
  if (child.exitCode !== null || child.signalCode !== null) return exited;
  child.kill('SIGTERM');
  const timedOut = Symbol('timeout');
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([
    exited,
    new Promise<typeof timedOut>((resolve) => {
      timer = setTimeout(() => resolve(timedOut), timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  if (result === timedOut) {
    child.kill('SIGKILL');
    await exited;
    throw new Error(`server did not exit within ${timeoutMs} ms of SIGTERM`);
  }
  return result;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
