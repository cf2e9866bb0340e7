/**
 * `npm run bench -w loader`: what a page pays for Fandeck elements.
 *
 * 1. The loader alone (dist/embed.js), against its budget.
 * 2. The build graph of `<fan-login>`: the loader plus every chunk its element pulls in.
 * 3. Measured: a real server and the system Chromium open a third-party page holding only
 *    the script tag and `<fan-login>`, and every response from the platform until
 *    `fan-ready` is counted, each body compressed with gzip and brotli.
 *
 * Builds first when the widget chunks or the loader are missing or stale. Exits 1 when the
 * loader is over budget.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { launchBrowser } from '../../test/support/browser.js';
import { ensureEmbedBuilt, embedOutputs } from '../../test/support/embed-build.js';
import { repoRoot } from '../../test/support/paths.js';
import { startServer } from '../../test/support/start-server.js';
import { startSite } from '../../test/support/third-party-site.js';

const LOADER_BUDGET_GZIP = 6 * 1024;
const widgetsDist = path.join(repoRoot, 'widgets/dist');

interface Sized {
  name: string;
  raw: number;
  gzip: number;
  brotli: number;
}

function sizes(name: string, body: Uint8Array): Sized {
  return {
    name,
    raw: body.byteLength,
    gzip: gzipSync(body, { level: 9 }).byteLength,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} kB`;

function printTable(title: string, rows: Sized[], extra: Record<string, string>[] = []): void {
  const total = rows.reduce((sum, row) => ({ name: 'total', raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip, brotli: sum.brotli + row.brotli }), {
    name: 'total',
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
  const lines = [...rows, ...(rows.length > 1 ? [total] : [])].map((row, index) => [
    row.name,
    kb(row.raw),
    kb(row.gzip),
    kb(row.brotli),
    ...(extra[index] ? Object.values(extra[index]) : []),
  ]);
  const header = ['', 'raw', 'gzip', 'brotli', ...(extra[0] ? Object.keys(extra[0]) : [])];
  const widths = header.map((_, column) => Math.max(...[header, ...lines].map((line) => (line[column] ?? '').length)));
  const format = (line: string[]) => line.map((text, column) => (column === 0 ? text.padEnd(widths[column] ?? 0) : text.padStart(widths[column] ?? 0))).join('  ');
  console.log(`\n${title}`);
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
}

/** The entry and every chunk it imports statically, as the browser fetches them. */
function staticGraph(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(path.join(widgetsDist, file), 'utf8');
    for (const match of code.matchAll(/(?:^|[;}\s])import\s*(?:[^'"();]*?\sfrom\s*)?["']([^"']+)["']/g)) {
      const specifier = match[1] ?? '';
      if (specifier.startsWith('.')) visit(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
    }
  };
  visit(entry);
  return [...seen];
}

async function measure(): Promise<{ rows: Sized[]; extra: Record<string, string>[]; readyMs: number }> {
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Bench</title></head><body>
<script src="${server.origin}/embed.js" async data-locale="pt-BR" data-creator="ana.lima"></script>
<fan-login></fan-login></body></html>`;
  const site = await startSite({ '/page.html': html });
  try {
    const context = await browser.newContext({ locale: 'pt-BR' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      (window as unknown as { fanReadyAt: Promise<number> }).fanReadyAt = new Promise((resolve) =>
        document.addEventListener('fan-ready', () => resolve(performance.now()), { once: true }),
      );
    });
    const pending: Promise<{ row: Sized; extra: Record<string, string> } | null>[] = [];
    let ready = false;
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (ready || url.origin !== server.origin) return;
      pending.push(
        response
          .body()
          .then((body) => ({
            row: sizes(url.pathname + url.search, body),
            extra: { status: String(response.status()), 'served as': response.headers()['content-encoding'] ?? 'identity' },
          }))
          .catch(() => null),
      );
    });
    await page.goto(`${site.origin}/page.html`);
    const readyMs = await page.evaluate(() => (window as unknown as { fanReadyAt: Promise<number> }).fanReadyAt);
    ready = true;
    const measured = (await Promise.all(pending)).filter((entry) => entry !== null);
    await context.close();
    return { rows: measured.map((entry) => entry.row), extra: measured.map((entry) => entry.extra), readyMs };
  } finally {
    await browser.close();
    await site.close();
    await server.stop();
  }
}

ensureEmbedBuilt();

const loader = sizes('embed.js', readFileSync(embedOutputs.loader));
printTable('Loader (loader/dist/embed.js)', [loader]);
const overBudget = loader.gzip > LOADER_BUDGET_GZIP;
console.log(`budget: ${kb(LOADER_BUDGET_GZIP)} gzip, ${overBudget ? 'OVER' : 'ok'}`);

const graph = ['runtime.js', ...staticGraph('fan-login.js').filter((file) => file !== 'runtime.js')];
printTable(
  'Build graph of <fan-login>: the loader, then every chunk it imports (widgets/dist)',
  [loader, ...graph.map((file) => sizes(`widgets/${file}`, readFileSync(path.join(widgetsDist, file))))],
);

if (process.argv.includes('--no-browser')) {
  console.log('\n(measurement in Chromium skipped: --no-browser)');
} else {
  const { rows, extra, readyMs } = await measure();
  printTable(
    `Measured in Chromium: a third-party page with only the script tag and <fan-login>; platform responses until fan-ready (${Math.round(readyMs)} ms after navigation start)`,
    rows,
    extra,
  );
}

if (overBudget) process.exitCode = 1;
