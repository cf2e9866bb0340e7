/**
 * Node side of the live-connection browser test: starts the real server (the harness)
 * as a child process on a fixed port with a temporary DATA_DIR, stops and restarts it
 * on the same port and data, and relays the harness's reports. The vitest globalSetup
 * owns the process; the browser test drives it through vitest commands. Both reach the
 * one controller through a global symbol, since vitest loads the config and the
 * globalSetup as separate module instances in the same Node process.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { ServerResponse } from 'node:http';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProxyOptions } from 'vite';
import type { BrowserCommand } from 'vitest/node';
import type { ServerEventName, ServerEvents } from '@fandeck/contract';
import type { AuthLoginRecord, HarnessReport, HarnessRequest, LiveServerInfo } from './live-server-protocol.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const harnessPath = path.join(here, 'live-server-harness.ts');
const PORT_ENV = 'FANDECK_LIVE_SERVER_PORT';
const START_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 30_000;

/** A port nothing listens on now, reserved for the whole run through the environment. */
export async function liveServerPort(): Promise<number> {
  const fixed = Number(process.env[PORT_ENV]);
  if (Number.isInteger(fixed) && fixed > 0) return fixed;
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const found = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (found ? resolve(found) : reject(new Error('no free port'))));
    });
  });
  process.env[PORT_ENV] = String(port);
  return port;
}

/**
 * Proxy options for the test server that answer "connection refused" quietly (502 for
 * HTTP, a closed socket for websockets): the test stops the server on purpose, and Vite
 * would print a stack trace for every reconnection attempt meanwhile. Other proxy
 * errors still reach Vite's own handler and its log.
 */
export function quietlyProxied(target: string, ws = false): ProxyOptions {
  return {
    target,
    ws,
    configure(proxy) {
      const emit = proxy.emit.bind(proxy) as (event: string | symbol, ...args: unknown[]) => boolean;
      Object.assign(proxy, {
        emit(event: string | symbol, ...args: unknown[]): boolean {
          const [error, , res] = args;
          if (event !== 'error' || (error as NodeJS.ErrnoException | undefined)?.code !== 'ECONNREFUSED') return emit(event, ...args);
          if (res instanceof ServerResponse) {
            if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
            res.end();
          } else if (res instanceof Socket) {
            res.destroy();
          }
          return true;
        },
      });
    },
  };
}

class LiveServerControl {
  private child: ChildProcess | null = null;
  private starting: Promise<void> | null = null;
  private generation = 0;
  private nextEmitId = 1;
  private output = '';
  private readonly records: AuthLoginRecord[] = [];
  private readonly recordWaiters = new Set<() => void>();
  private readonly emitWaiters = new Map<number, () => void>();

  constructor(
    readonly port: number,
    readonly dataDir: string,
  ) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  info(): LiveServerInfo {
    return { origin: this.origin, port: this.port, generation: this.generation, running: this.child !== null };
  }

  /** Starts the server (or waits for the start under way) and resolves once it listens. */
  start(): Promise<void> {
    if (this.child) return this.starting ?? Promise.resolve();
    this.starting = this.spawn().finally(() => (this.starting = null));
    return this.starting;
  }

  private spawn(): Promise<void> {
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    Object.assign(env, {
      NODE_ENV: 'test',
      PORT: String(this.port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: this.origin,
      DATA_DIR: this.dataDir,
      LOG_LEVEL: 'warn',
      SEED: 'demo',
    });
    const child = fork(harnessPath, [], { cwd: repoRoot, env, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    this.child = child;
    this.generation += 1;
    const generation = this.generation;
    const collect = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-50_000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.on('message', (message: HarnessReport) => this.onReport(message, generation));

    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => fail(new Error(`the server did not start within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
      const onReady = (message: HarnessReport) => {
        if (message.type !== 'ready') return;
        cleanup();
        resolve();
      };
      const onExit = (code: number | null) => fail(new Error(`the server exited (code ${String(code)}) before it was ready`));
      const cleanup = () => {
        clearTimeout(timer);
        child.off('message', onReady);
        child.off('exit', onExit);
      };
      const fail = (error: Error) => {
        cleanup();
        child.kill('SIGKILL');
        if (this.child === child) this.child = null;
        reject(new Error(`${error.message}\n--- server output ---\n${this.output}`));
      };
      child.on('message', onReady);
      child.once('exit', onExit);
    });
  }

  private onReport(message: HarnessReport, generation: number): void {
    if (message.type === 'auth-login') {
      this.records.push({ generation, socketId: message.socketId, userId: message.userId });
      for (const wake of [...this.recordWaiters]) wake();
    } else if (message.type === 'emitted') {
      this.emitWaiters.get(message.id)?.();
    }
  }

  /** SIGTERM (the server's graceful shutdown closes every socket), SIGKILL past the deadline. */
  async stop(): Promise<void> {
    await this.starting?.catch(() => undefined);
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }

  /** The server's own `realtime.emitToUser`, in the server process; resolves once it was called. */
  emitToUser<E extends ServerEventName>(userId: string, event: E, payload: ServerEvents[E]): Promise<void> {
    const child = this.child;
    if (!child?.connected) return Promise.reject(new Error('the server is not running'));
    const id = this.nextEmitId++;
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.emitWaiters.delete(id);
        reject(new Error('the server did not confirm the emit'));
      }, 10_000);
      this.emitWaiters.set(id, () => {
        clearTimeout(timer);
        this.emitWaiters.delete(id);
        resolve();
      });
      const request: HarnessRequest<E> = { type: 'emit', id, userId, event, payload };
      child.send(request);
    });
  }

  /** The first `auth/login` from `userId` received by server start `generation` or later; waits up to `timeoutMs`. */
  waitForAuthLogin(userId: string, generation: number, timeoutMs: number): Promise<AuthLoginRecord> {
    const find = () => this.records.find((r) => r.userId === userId && r.generation >= generation);
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = find();
        if (!found) return false;
        clearTimeout(timer);
        this.recordWaiters.delete(wake);
        resolve(found);
        return true;
      };
      const wake = () => void check();
      const timer = setTimeout(() => {
        this.recordWaiters.delete(wake);
        reject(new Error(`no auth/login from ${userId} at server start ${generation} within ${timeoutMs} ms; seen: ${JSON.stringify(this.records)}`));
      }, timeoutMs);
      this.recordWaiters.add(wake);
      check();
    });
  }

  async dispose(): Promise<void> {
    await this.stop();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

const controlKey = Symbol.for('fandeck.test.live-server');
type WithControl = typeof globalThis & { [controlKey]?: LiveServerControl };

/** Creates the controller for this run (globalSetup). */
export async function createLiveServerControl(): Promise<LiveServerControl> {
  const holder = globalThis as WithControl;
  if (holder[controlKey]) return holder[controlKey];
  const control = new LiveServerControl(await liveServerPort(), await mkdtemp(path.join(tmpdir(), 'fandeck-live-')));
  holder[controlKey] = control;
  return control;
}

export async function disposeLiveServerControl(): Promise<void> {
  const holder = globalThis as WithControl;
  const control = holder[controlKey];
  delete holder[controlKey];
  await control?.dispose();
}

function control(): LiveServerControl {
  const found = (globalThis as WithControl)[controlKey];
  if (!found) throw new Error('the live server globalSetup did not run');
  return found;
}

/** The commands the browser test calls (see live-server-commands.d.ts for their browser-side types). */
export const liveServerCommands = {
  liveServerInfo: (() => control().info()) satisfies BrowserCommand<[]>,
  liveServerStart: (async () => {
    await control().start();
    return control().info();
  }) satisfies BrowserCommand<[]>,
  liveServerStop: (async () => {
    await control().stop();
    return control().info();
  }) satisfies BrowserCommand<[]>,
  // Typed on the browser side (live-server-commands.ts); here it relays what the test sent.
  liveServerEmit: ((_context, userId: string, event: ServerEventName, payload: ServerEvents[ServerEventName]) =>
    control().emitToUser(userId, event, payload)) satisfies BrowserCommand<[string, ServerEventName, ServerEvents[ServerEventName]]>,
  liveServerWaitForAuthLogin: ((_context, userId: string, generation: number, timeoutMs: number) =>
    control().waitForAuthLogin(userId, generation, timeoutMs)) satisfies BrowserCommand<[string, number, number]>,
};
