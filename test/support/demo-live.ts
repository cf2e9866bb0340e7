/**
 * A demo creator on the air for a test: runs `npm run demo:live`'s script
 * (server/src/seed/demo-live.ts) against a test's server, which signs the creator in, goes
 * live and feeds the ingest WebSocket with a picture ffmpeg draws, as the creator's browser
 * would. Resolves once the server took the stream; `stop()` ends it (the script ends the
 * stream on SIGTERM) and waits for the script to exit.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './paths.js';

export interface DemoLive {
  /** Everything the script printed. */
  output(): string;
  stop(): Promise<void>;
}

const script = path.join(repoRoot, 'server/src/seed/demo-live.ts');

export async function startDemoLive(origin: string, creatorEmail: string, timeoutMs = 90_000): Promise<DemoLive> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, '--creator', creatorEmail, '--origin', origin], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const live = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the demo stream did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(' is live on ')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the demo stream's script exited before going live:\n${output}`));
    });
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    await live;
  } catch (error) {
    await stop();
    throw error;
  }
  return { output: () => output, stop };
}
