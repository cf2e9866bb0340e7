/**
 * The real server as a child process, as `npm start` runs it (the bundle in dist/, which
 * the suite's global setup builds when src/ changed), for tests of what happens at start:
 * the data folder, production defaults, kills.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBundle } from '../../testing/server-bundle.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves once the server printed that it is running; rejects if it exits first. */
  ready: Promise<void>;
  /** The origin it listens on, once ready. */
  origin: () => string;
}

/** Starts the server on an ephemeral port, on the embedded database unless `env` says otherwise. */
export function startServerProcess(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [serverBundle], {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const check = () => {
      if (output.includes('Fandeck is running')) resolve();
    };
    child.stdout?.on('data', check);
    void exited.then((code) => reject(new Error(`server exited (${code}) before it was ready:\n${output}`)));
  });
  ready.catch(() => undefined);
  const origin = () => {
    const port = /running on http:\/\/localhost:(\d+)/.exec(output)?.[1];
    if (!port) throw new Error(`no port in the server's output:\n${output}`);
    return `http://127.0.0.1:${port}`;
  };
  return { child, output: () => output, exited, ready, origin };
}
