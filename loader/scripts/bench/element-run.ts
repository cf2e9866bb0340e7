import { writeFileSync } from 'node:fs';
import type { Browser, Frame, Request } from 'playwright-core';
import { printLongTasks, printProfile, startProfile } from './profile.js';
import { sizes, type Columns, type Sized } from './sizes.js';
import { INTERACTIVE_MARK, LOADED_MARK, TASK_TRACE_CATEGORIES, tracedLongTasks, type TracedTask } from './trace-tasks.js';

/** How the bench drives one element on a third-party page. */
export interface ElementSpec {
  tag: string;
  /** Attributes of the element on the page. */
  attributes: Record<string, string>;
  /** The main control in its shadow root; the element is interactive once it is enabled. */
  control: string;
}

export interface ElementRun {
  /** Every platform response to a request made before the element was interactive. */
  before: Sized[];
  beforeColumns: Columns[];
  /** Platform responses after that, until the network was quiet (not counted in the budget). */
  after: Sized[];
  /** Responses, before or after, that carry socket.io-client (a signed-out page should have none). */
  socketClient: string[];
  /** From navigation start to interactive, on the page's clock. */
  interactiveMs: number;
  /** Long tasks (over 50 ms) of the renderers' main threads that started before interactive, from the trace, each put down to its owner. */
  longTasks: TracedTask[];
  /** The bridge frame was slowed down too (from its navigation on). */
  bridgeThrottled: boolean;
}

export interface RunOptions {
  browser: Browser;
  /** The platform origin (the server). */
  platform: string;
  /** The third-party page to open. */
  url: string;
  spec: ElementSpec;
  cpuSlowdown: number;
  /** Print a CPU profile of the page until the element is interactive (`--profile`). */
  profile?: boolean;
  /** Where to keep the run's Chrome trace (`--trace-dir`), to open in DevTools' Performance panel. */
  traceFile?: string;
}

interface BenchWindow {
  __fanBench: { loadAt: number | null };
}

/**
 * Runs in every frame before any of its scripts: notes when the frame finished loading; in
 * the top frame it also watches for the element to become interactive (fan-ready fired, its
 * main control enabled and the bridge said it is ready) and reports it on the console. Both moments are marked in the
 * trace too (`console.timeStamp`), where the long tasks are read. The bench evaluates
 * nothing in the page until the run is over, so no work of its own lands in the measured
 * window. It is source text, not a function, because the TypeScript runner would wrap a
 * function with helpers the page does not have.
 */
function benchProbe(tag: string, control: string): string {
  return `(() => {
  const state = { loadAt: null };
  window.__fanBench = state;
  addEventListener('load', () => {
    state.loadAt = performance.timeOrigin + performance.now();
    console.timeStamp(${JSON.stringify(LOADED_MARK)});
  });
  if (window !== window.top) return;
  const tag = ${JSON.stringify(tag)};
  const control = ${JSON.stringify(control)};
  let ready = false;
  document.addEventListener('fan-ready', (event) => {
    if (event.target && event.target.localName === tag) ready = true;
  });
  // The bridge's \`ready\` (widgets/src/bridge/protocol.ts, channel PAGE_CHANNEL): until then the
  // element cannot act for the fan, and the bridge may still be loading its code after its page's load.
  let bridgeReady = false;
  addEventListener('message', (event) => {
    const data = event.data;
    if (data && data.channel === 'fandeck-bridge' && data.type === 'ready') bridgeReady = true;
  });
  const enabled = (element) =>
    element instanceof HTMLElement && !element.disabled &&
    element.getAttribute('aria-disabled') !== 'true' && element.getAttribute('aria-busy') !== 'true';
  const check = () => {
    const host = document.querySelector(tag);
    if (ready && bridgeReady && enabled(host && host.shadowRoot && host.shadowRoot.querySelector(control))) {
      console.timeStamp(${JSON.stringify(INTERACTIVE_MARK)});
      console.info('fan-bench:interactive ' + (performance.timeOrigin + performance.now()) + ' ' + performance.now());
    } else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;
}

const QUIET_MS = 1500;
/** An error text only engine.io-client's polling transport has: marks a body holding socket.io-client. */
const SOCKET_CLIENT_MARKER = 'xhr poll error';
const TIMEOUT_MS = 60_000;

/**
 * Opens the third-party page in a fresh context (empty cache) with the CPU slowed down,
 * and waits for the element to be interactive, the bridge ready and its iframe loaded:
 * the element cannot act for the fan before the bridge answers, so the bridge's bytes and
 * long tasks count too. Every platform response to a request made until then is counted.
 */
export async function runElement({ browser, platform, url, spec, cpuSlowdown, profile = false, traceFile }: RunOptions): Promise<ElementRun> {
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1000, height: 700 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.addInitScript({ content: benchProbe(spec.tag, spec.control) });
    if (profile) await startProfile(cdp);
    // Every process: the bridge iframe may run in a renderer of its own.
    await browser.startTracing(undefined, { categories: TASK_TRACE_CATEGORIES });

    let bridgeThrottled = false;
    let bridgeFound = false;
    const bridgeSeen = new Promise<Frame>((resolve) => {
      page.on('framenavigated', (frame) => {
        if (bridgeFound || frame === page.mainFrame() || !frame.url().startsWith(`${platform}/embed/bridge`)) return;
        bridgeFound = true;
        resolve(frame);
        // The bridge runs in its own process (another site): slow it down as well.
        void context
          .newCDPSession(frame)
          .then((session) => session.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown }))
          .then(() => (bridgeThrottled = true))
          .catch(() => undefined);
      });
    });

    const requests: { request: Request; at: number }[] = [];
    let lastRequestAt = Date.now();
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== platform) return;
      requests.push({ request, at: Date.now() });
      lastRequestAt = Date.now();
    });

    const interactive = new Promise<{ absolute: number; sinceStart: number }>((resolve) => {
      page.on('console', (message) => {
        const [marker, absolute, sinceStart] = message.text().split(' ');
        if (marker === 'fan-bench:interactive') resolve({ absolute: Number(absolute), sinceStart: Number(sinceStart) });
      });
    });
    await page.goto(url, { waitUntil: 'commit' });
    const element = await withTimeout(interactive, `<${spec.tag}> to become interactive`);
    if (profile) await printProfile(cdp, `<${spec.tag}> until interactive`);
    // A third-party page talks to the platform through the bridge: interactive means it loaded too.
    const bridgeFrame = await withTimeout(bridgeSeen, 'the bridge iframe');
    await withTimeout(bridgeFrame.waitForLoadState('load'), 'the bridge iframe to load');
    const readyAt = Date.now();
    const trace = await browser.stopTracing();
    if (traceFile) writeFileSync(traceFile, trace);
    if (profile) printLongTasks(trace, `<${spec.tag}> until interactive`);
    const longTasks = tracedLongTasks(trace, platform).tasks;

    while (Date.now() - lastRequestAt < QUIET_MS) await new Promise((resolve) => setTimeout(resolve, 100));
    const bridgeLoadAt = await bridgeFrame.evaluate(() => (window as unknown as BenchWindow).__fanBench.loadAt);
    const readyAbsolute = Math.max(element.absolute, bridgeLoadAt ?? 0);

    const measured = await Promise.all(
      requests.map(async ({ request, at }) => {
        const response = await request.response().catch(() => null);
        const body = response ? await response.body().catch(() => null) : null;
        const target = new URL(request.url());
        return {
          at,
          socketClient: body ? Buffer.from(body).includes(SOCKET_CLIENT_MARKER) : false,
          row: sizes(target.pathname + target.search, body ?? new Uint8Array()),
          columns: { status: response ? String(response.status()) : 'failed', 'served as': response?.headers()['content-encoding'] ?? 'identity' },
        };
      }),
    );
    const before = measured.filter((entry) => entry.at <= readyAt);
    return {
      before: before.map((entry) => entry.row),
      beforeColumns: before.map((entry) => entry.columns),
      after: measured.filter((entry) => entry.at > readyAt).map((entry) => entry.row),
      socketClient: measured.filter((entry) => entry.socketClient).map((entry) => entry.row.name),
      interactiveMs: readyAbsolute - (element.absolute - element.sinceStart),
      longTasks,
      bridgeThrottled,
    };
  } finally {
    await context.close();
  }
}

async function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${TIMEOUT_MS} ms waiting for ${what}`)), TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
