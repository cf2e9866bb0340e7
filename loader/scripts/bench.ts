/**
 * `npm run bench -w loader`: what a page pays for Fandeck elements, against the budgets of
 * issue 7 (embed weight).
 *
 * From the build (no browser):
 * 1. the loader alone (loader/dist/embed.js);
 * 2. for each element, the files a third-party page fetches before it can use it: the
 *    loader, the shared runtime, the element's own chunks and the bridge page with its
 *    assets (lazy chunks, such as socket.io-client or translations, are listed apart);
 * 3. the host site's first route (host/dist).
 *
 * Measured in the system Chromium, with the CPU slowed down 4x, each element 5 times:
 * 4. for each element, a third-party page holding only the script tag and that element;
 *    every response from the platform (bridge.html and its assets included) to a request
 *    made before the element is interactive (fan-ready, its main control enabled, the
 *    bridge loaded), each body compressed with gzip and brotli here (the first run's); and,
 *    from a Chrome trace of each run, the long tasks of the page's and the bridge's main
 *    threads until then, each put down to the script that ran in it by its URL: ours (the
 *    loader, widget chunks, bridge assets) apart from the browser's own (document and context
 *    creation, style, layout), as medians of the 5 runs (bench/trace-tasks.ts);
 * 5. the host's `/` as a visitor's browser loads it.
 *
 * Builds first when the embed or the host is missing or stale. Exits 1 when a budget is
 * exceeded, the median of our longest task is over 50 ms, or a signed-out page fetched socket.io-client.
 * `--no-browser` (or no Chromium on the machine) prints the build figures only;
 * `--profile` prints where each element's page spends its main thread until interactive;
 * `--trace-dir=DIR` keeps each run's Chrome trace there (`<tag>-<run>.json`, for DevTools'
 * Performance panel); `--only=fan-login,fan-subscribe` measures only those elements in Chromium.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { elementFiles } from '@fandeck/widgets/element-files';
import { runtimeChunk, type ElementTag } from '@fandeck/widgets/kit/chunk-names';
import { allowOrigin, signInApi } from '../../test/support/api.js';
import type { Browser } from 'playwright-core';
import { chromiumPath, launchBrowser } from '../../test/support/browser.js';
import { ensureServerBundle } from '../../testing/server-bundle.js';
import { ensureEmbedBuilt, ensureHostBuilt, embedOutputs } from '../../test/support/embed-build.js';
import { hostDist, repoRoot } from '../../test/support/paths.js';
import { startServer } from '../../test/support/start-server.js';
import { startSite } from '../../test/support/third-party-site.js';
import { runElement, type ElementRun, type ElementSpec } from './bench/element-run.js';
import { medianLongestOurs, printLongTaskDetail, printLongTaskTable, type ElementTasks } from './bench/long-task-table.js';
import { hostMeasuredRoute, hostStaticRoute } from './bench/host-route.js';
import { budgetLine, kb, printTable, printVerdicts, sizes, total, type Sized, type Verdict } from './bench/sizes.js';
import { htmlGraph, lazyChunks, staticGraph } from './bench/static-graph.js';

const KB = 1024;
const BUDGET = {
  loader: 6 * KB,
  /** Everything a page downloads from the platform before an element is interactive. */
  beforeInteractive: 60 * KB,
  /** An element's own chunks, beyond the shared runtime. */
  elementChunks: 10 * KB,
  hostFirstRoute: 100 * KB,
  longTaskMs: 50,
};
const CPU_SLOWDOWN = 4;
/** Runs per element: the long-task figures are the median of these (the bytes are the first run's). */
const RUNS = 5;

/** Each element's main control (in its shadow root), as a signed-out visitor on a partner's page sees it. */
const benchedElements: Record<ElementTag, Omit<ElementSpec, 'tag'>> = {
  'fan-login': { attributes: {}, control: '[part~="submit"]' },
  'fan-tip-button': { attributes: { creator: 'ana.lima' }, control: '[part~="button"]' },
  'fan-wallet-topup': { attributes: {}, control: '[part~="submit"], [part~="sign-in-button"]' },
  'fan-subscribe': { attributes: { creator: 'ana.lima' }, control: '[part~="button"]' },
  'fan-creator-dashboard': { attributes: {}, control: '[part~="sign-in-button"]' },
  'fan-chat-inbox': { attributes: { creator: 'ana.lima' }, control: '[part~="sign-in-button"]' },
  'fan-live-player': { attributes: { creator: 'ana.lima' }, control: '[part~="status"], [part~="play"], [part~="sign-in-button"]' },
};
const demoCreator = { email: 'creator1@fandeck.local', password: 'fandeck-demo' };

const widgetsDist = path.join(repoRoot, 'widgets/dist');
const bridgeDist = path.join(widgetsDist, 'bridge');
const verdicts: Verdict[] = [];

/** `--name=value` from the command line, or undefined. */
function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}
const traceDir = option('trace-dir');
const only = option('only')?.split(',').map((tag) => tag.trim()).filter(Boolean);

const sizeOf = (label: string, file: string) => sizes(label, readFileSync(file));

function staticFigures(): void {
  const loader = sizeOf('embed.js', embedOutputs.loader);
  printTable('Loader (loader/dist/embed.js)', [loader]);
  verdicts.push(budgetLine('loader embed.js', loader.gzip, BUDGET.loader));

  const runtime = staticGraph(widgetsDist, runtimeChunk);
  const bridge = htmlGraph(bridgeDist, 'bridge.html', '/widgets/bridge/');
  for (const tag of Object.keys(elementFiles()) as ElementTag[]) {
    const graph = staticGraph(widgetsDist, `${tag}.js`);
    const own = graph.filter((file) => !runtime.includes(file));
    const rows = [
      loader,
      ...runtime.map((file) => sizeOf(`widgets/${file}`, path.join(widgetsDist, file))),
      ...own.map((file) => sizeOf(`widgets/${file}`, path.join(widgetsDist, file))),
      ...bridge.map((file) => sizeOf(`widgets/bridge/${file}`, path.join(bridgeDist, file))),
    ];
    printTable(`Build graph of <${tag}>: loader, runtime, its own chunks, bridge page and assets (no lazy chunks)`, rows);
    const ownSize = total(own.map((file) => sizeOf(file, path.join(widgetsDist, file))));
    console.log(`own chunks (${own.join(', ')}): ${kb(ownSize.gzip)} gzip, ${kb(ownSize.brotli)} brotli`);
    printLazy(lazyChunks(widgetsDist, [...runtime, ...own]));
    verdicts.push(budgetLine(`<${tag}> own chunks (build)`, ownSize.gzip, BUDGET.elementChunks));
  }

  const host = hostStaticRoute(hostDist);
  printTable('Host site, first route as built: index.html, its module graph and stylesheets (host/dist)', host);
  console.log(`fetched later (pages by route, translations, socket.io-client): ${lazyChunks(hostDist, htmlGraph(hostDist, 'index.html', '/')).length} chunks`);
}

/** A translation chunk: one namespace in one locale (`chunks/pt-BR-<hash>.js`). */
const translationChunk = /^chunks\/[a-z]{2}(?:-[A-Z]{2})?-[\w-]+\.js$/;

/** What the graph may fetch later, on demand: other elements' entries aside, translations summed up. */
function printLazy(lazy: readonly string[]): void {
  const gzipOf = (file: string) => sizeOf(file, path.join(widgetsDist, file)).gzip;
  const translations = lazy.filter((file) => translationChunk.test(file));
  const others = lazy.filter((file) => !translationChunk.test(file) && !/^fan-[\w-]+\.js$/.test(file));
  if (others.length > 0) console.log(`fetched later, on demand: ${others.map((file) => `${file} ${kb(gzipOf(file))}`).join(', ')}`);
  if (translations.length > 0) {
    const sizes = translations.map(gzipOf);
    console.log(
      `translations, one chunk per namespace and locale, fetched for the active locale only: ${translations.length} chunks of ` +
        `${kb(Math.min(...sizes))} to ${kb(Math.max(...sizes))} gzip`,
    );
  }
}

function printRun(tag: string, run: ElementRun): void {
  printTable(
    `<${tag}> measured in Chromium (CPU ${CPU_SLOWDOWN}x slower), a partner's page with only the script tag and the element: ` +
      `every platform response (bridge.html and its assets included) until interactive at ${Math.round(run.interactiveMs)} ms`,
    run.before,
    run.beforeColumns,
  );
  const before = total(run.before);
  console.log(`before interactive: ${kb(before.gzip)} gzip, ${kb(before.brotli)} brotli (budget ${kb(BUDGET.beforeInteractive)} gzip)`);
  if (run.after.length > 0) {
    const after = total(run.after);
    console.log(`after interactive, until the network was quiet (not in the budget): ${run.after.map((row) => row.name).join(', ')}: ${kb(after.gzip)} gzip`);
  }
  verdicts.push(budgetLine(`<${tag}> before interactive (measured)`, before.gzip, BUDGET.beforeInteractive));
  verdicts.push({
    what: `<${tag}> socket.io-client while signed out`,
    measured: run.socketClient.length > 0 ? run.socketClient.join(', ') : 'not fetched',
    limit: 'not fetched',
    ok: run.socketClient.length === 0,
  });
}

/**
 * One page without any of our scripts, before the first measured element: the browser's
 * own first-page work (its first renderer and network service, fonts) is not
 * the element's, and would otherwise land on whichever element is measured first. Each
 * element still runs in a fresh context with an empty cache.
 */
async function warmUpBrowser(browser: Browser, origin: string): Promise<void> {
  const context = await browser.newContext({ locale: 'pt-BR' });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/element.html?tag=none`);
  } finally {
    await context.close();
  }
}

async function measuredFigures(): Promise<void> {
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const pages = new Map<string, string>();
  const site = await startSite({ '/element.html': (url) => pages.get(url.searchParams.get('tag') ?? '') ?? '' });
  try {
    // The tip button's creator lets the partner embed her, as a real partner page would be set up.
    const creatorToken = await signInApi(server.origin, demoCreator.email, demoCreator.password);
    await allowOrigin(server.origin, creatorToken, site);
    await warmUpBrowser(browser, site.origin);
    const measured: ElementTasks[] = [];
    if (traceDir) mkdirSync(traceDir, { recursive: true });
    for (const [tag, spec] of Object.entries(benchedElements) as [ElementTag, Omit<ElementSpec, 'tag'>][]) {
      if (only && !only.includes(tag)) continue;
      const attributes = Object.entries(spec.attributes).map(([name, value]) => ` ${name}="${value}"`).join('');
      pages.set(
        tag,
        `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Bench</title></head><body>
<script src="${server.origin}/embed.js" async data-locale="pt-BR" data-creator="ana.lima"></script>
<${tag}${attributes}></${tag}></body></html>`,
      );
      const runs: ElementRun[] = [];
      for (let index = 0; index < RUNS; index++) {
        runs.push(
          await runElement({
            profile: process.argv.includes('--profile') && index === 0,
            browser,
            platform: server.origin,
            url: `${site.origin}/element.html?tag=${tag}`,
            spec: { tag, ...spec },
            cpuSlowdown: CPU_SLOWDOWN,
            ...(traceDir ? { traceFile: path.join(traceDir, `${tag}-${index + 1}.json`) } : {}),
          }),
        );
      }
      printRun(tag, runs[0]!);
      measured.push({ tag, runs });
    }
    printLongTaskTable(measured, CPU_SLOWDOWN, BUDGET.longTaskMs);
    // Other processes stretch tasks too; the load says how busy the machine was.
    console.log(`(machine load ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores)`);
    for (const row of measured) printLongTaskDetail(row);
    for (const { tag, runs } of measured) {
      const longest = medianLongestOurs(runs);
      verdicts.push({ what: `<${tag}> our longest task until interactive (median of ${RUNS})`, measured: `${Math.round(longest)} ms`, limit: `${BUDGET.longTaskMs} ms`, ok: longest <= BUDGET.longTaskMs });
    }
    const host = await hostMeasuredRoute(browser, server.origin);
    printTable(`Host site, measured in Chromium: what a visitor's browser downloads for / (it lands on ${host.landedOn}), API answers aside`, host.rows);
    verdicts.push(budgetLine('host first route (measured)', total(host.rows).gzip, BUDGET.hostFirstRoute));
  } finally {
    await browser.close();
    await site.close();
    await server.stop();
  }
}

ensureEmbedBuilt();
ensureHostBuilt();
staticFigures();

const browserWanted = !process.argv.includes('--no-browser');
if (!browserWanted || !existsSync(chromiumPath)) {
  console.log(`\n(measurement in Chromium skipped: ${browserWanted ? `no Chromium at ${chromiumPath}` : '--no-browser'}; budgets below are the build's only)`);
  verdicts.push(budgetLine('host first route (build)', total(hostStaticRoute(hostDist)).gzip, BUDGET.hostFirstRoute));
} else {
  // The measured pages talk to the real server, started as `npm start` starts it.
  ensureServerBundle();
  await measuredFigures();
}

printVerdicts(verdicts);
if (verdicts.some((verdict) => !verdict.ok)) process.exitCode = 1;
