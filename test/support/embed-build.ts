import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { hostDist, repoRoot } from './paths.js';

/** What a page with the script tag needs the server to serve. */
export const embedOutputs = {
  loader: path.join(repoRoot, 'loader/dist/embed.js'),
  widgets: path.join(repoRoot, 'widgets/dist/fan-login.js'),
  bridge: path.join(repoRoot, 'widgets/dist/bridge/bridge.html'),
};

function newestMtime(source: string): number {
  if (!statSync(source).isDirectory()) return statSync(source).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    const full = path.join(source, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

function stale(output: string, sources: string[]): boolean {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => existsSync(source) && newestMtime(source) > built);
}

function build(workspace: string): void {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '-w', workspace], {
    cwd: repoRoot,
    // vitest sets NODE_ENV=test, which would give a development React build.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
    timeout: 300_000,
  });
  if (result.status !== 0) throw new Error(`building ${workspace} failed (exit ${String(result.status)})`);
}

const contractSources = path.join(repoRoot, 'contract/src');

/**
 * Builds the widget chunks (with the bridge pages) and the loader when they are missing or
 * older than their sources, so end-to-end tests and the bench never run against a stale embed.
 */
export function ensureEmbedBuilt(): void {
  const widgetSources = [
    path.join(repoRoot, 'widgets/src'),
    path.join(repoRoot, 'widgets/vite.config.ts'),
    path.join(repoRoot, 'widgets/vite.bridge.config.ts'),
    contractSources,
  ];
  // One build makes both the element chunks and the bridge pages.
  if (stale(embedOutputs.widgets, widgetSources) || stale(embedOutputs.bridge, widgetSources)) build('widgets');
  const loaderSources = [path.join(repoRoot, 'loader/src'), path.join(repoRoot, 'loader/vite.config.ts'), path.join(repoRoot, 'widgets/src/kit/registry.ts')];
  if (stale(embedOutputs.loader, loaderSources)) build('loader');
}

/**
 * Builds the host site when it is missing or older than its sources (the host imports the
 * widgets' and the contract's sources too), for the bench's first-route figures.
 */
export function ensureHostBuilt(): void {
  const hostSources = [
    path.join(repoRoot, 'host/src'),
    path.join(repoRoot, 'host/index.html'),
    path.join(repoRoot, 'host/vite.config.ts'),
    path.join(repoRoot, 'widgets/src'),
    contractSources,
  ];
  if (stale(path.join(hostDist, 'index.html'), hostSources)) build('host');
}
