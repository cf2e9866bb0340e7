/**
 * Part 2 of the SFU bench (`sfu.ts`): glass to glass in Chromium. One call, its fan and its
 * creator each in a page of their own (a browser context each) on the server's origin (the
 * bench's script added to it, so the socket.io connection is same-origin; the token goes to
 * the page through `page.evaluate`, never in a URL). Each page sends a canvas carrying the
 * barcode of its drawing time over RTCPeerConnection (VP8) and reads the other's barcode off
 * the received video (`sfu-page.ts`). Then two fresh pages connect to each other directly
 * (the bench carries their descriptions): the same path without the server, for reference.
 *
 * Glass to glass here = drawn on the sender's canvas (Date.now()) -> presented on the
 * receiver's <video> (the requestVideoFrameCallback of that frame, Date.now()); both pages
 * share the machine's clock. Canvas capture, VP8 encoding, both WebRTC stacks, the SFU,
 * the jitter buffer and decoding are all inside; the screen's own scan-out is not.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { envInt, percentile, type BenchServer } from './bench-kit.js';
import { sleep } from './live-kit.js';
import type { BenchCall } from './sfu.js';
import type { PageStats } from './sfu-page.js';

const BROWSER_SECONDS = envInt('BENCH_BROWSER_SECONDS', 20, 2);
const BROWSER_WARMUP_SECONDS = envInt('BENCH_BROWSER_WARMUP_SECONDS', 3, 0);
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--use-fake-ui-for-media-stream'];
const PAGE_PATH = '/__bench/sfu-call';

/** sfu-page.ts with socket.io-client's browser build, as one script. */
async function pageScript(): Promise<string> {
  const esbuild = await import('esbuild');
  const built = await esbuild.build({
    entryPoints: [fileURLToPath(new URL('./sfu-page.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  });
  return built.outputFiles[0]!.text;
}

/**
 * A page on the server's origin, with the bench's script. The document comes from the server
 * itself (its 404 for an unknown path, then rewritten): a page fulfilled by `page.route`
 * would count as a public address to Chromium's local-network checks, which then block its
 * WebSocket to 127.0.0.1.
 */
async function openParty(browser: Browser, server: BenchServer, script: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${server.origin}${PAGE_PATH}`);
  await page.setContent('<!doctype html><html><head><title>SFU bench</title></head><body></body></html>');
  await page.addScriptTag({ content: script });
  return page;
}

const ms = (value: number) => `${Math.round(value)} ms`;
function line(values: number[]): string {
  if (values.length === 0) return 'no readable frame';
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 50))}  p90 ${ms(percentile(sorted, 90))}  p99 ${ms(percentile(sorted, 99))}  max ${ms(percentile(sorted, 100))}  (${values.length} frames)`;
}

function direction(label: string, stats: PageStats): string[] {
  const inbound = stats.inbound;
  const fps = typeof inbound.framesPerSecond === 'number' ? inbound.framesPerSecond.toFixed(0) : '-';
  return [
    `    ${label}  ${line(stats.glass)}, ${stats.unreadable} unreadable`,
    `      of which to the last packet's arrival: ${line(stats.arrival)}`,
    `      received ${inbound.frameWidth ?? '-'}x${inbound.frameHeight ?? '-'} at ${fps} fps, ${inbound.packetsLost ?? '-'} packets lost, ${inbound.framesDropped ?? '-'} frames dropped`,
  ];
}

/** Waits for both pages to read the other's barcode, warms up, measures: [at the fan, at the creator]. */
async function measure(fan: Page, creator: Page): Promise<PageStats[]> {
  const pages = [fan, creator];
  await Promise.all(pages.map((page) => page.waitForFunction(() => window.sfuBench.readable() > 0, undefined, { timeout: 30_000 })));
  await sleep(BROWSER_WARMUP_SECONDS * 1000);
  await Promise.all(pages.map((page) => page.evaluate(() => window.sfuBench.measure())));
  await sleep(BROWSER_SECONDS * 1000);
  return Promise.all(pages.map((page) => page.evaluate(() => window.sfuBench.stats())));
}

const kbps = (value: number | string | undefined) => (typeof value === 'number' ? `${Math.round(value / 1000)} kbit/s` : '-');
const encoder = (label: string, sent: PageStats['outbound']) =>
  `      ${label}'s encoder at the end: ${sent.frameWidth ?? '-'}x${sent.frameHeight ?? '-'} at ${typeof sent.framesPerSecond === 'number' ? sent.framesPerSecond.toFixed(0) : '-'} fps, ` +
  `target ${kbps(sent.targetBitrate)} (available ${kbps(sent.availableOutgoingBitrate)}; 1000 allowed), quality limited by ${sent.qualityLimitationReason ?? '-'}`;

function report(title: string, [atFan, atCreator]: PageStats[]): string[] {
  return [`  ${title}`, ...direction('creator -> fan', atFan!), encoder('creator', atCreator!.outbound), ...direction('fan -> creator', atCreator!), encoder('fan', atFan!.outbound)];
}

/** Part 2: glass to glass both ways over one call, and the same two pages connected directly; lines to print (or why it was skipped). */
export async function glassToGlass(server: BenchServer, newCall: () => Promise<BenchCall>): Promise<string[]> {
  if (!existsSync(CHROMIUM)) return [`Glass to glass in Chromium: skipped (no Chromium at ${CHROMIUM}; set BENCH_CHROMIUM)`];
  let chromium: typeof import('playwright-core').chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch (error) {
    return [`Glass to glass in Chromium: skipped (playwright-core cannot load: ${(error as Error).message})`];
  }
  const [script, call] = await Promise.all([pageScript(), newCall()]);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  const close = (pages: Page[]) => Promise.all(pages.map((page) => page.context().close()));
  try {
    const out = [
      `Glass to glass in Chromium ${browser.version()} (one call, two pages; a 640x360 canvas at 30 fps each way, VP8; ${BROWSER_SECONDS} s after ${BROWSER_WARMUP_SECONDS} s):`,
      `  drawn on one page's canvas -> presented on the other's <video> (requestVideoFrameCallback), both on this machine's clock;`,
      `  "to arrival": to the frame's last packet received (its receiveTime), before the jitter buffer and the decoder.`,
    ];
    const viaSfu = await Promise.all([openParty(browser, server, script), openParty(browser, server, script)]);
    await Promise.all([
      viaSfu[0]!.evaluate((options) => window.sfuBench.start(options), { token: call.fanToken, streamId: call.streamId }),
      viaSfu[1]!.evaluate((options) => window.sfuBench.start(options), { token: call.creatorToken, streamId: call.streamId }),
    ]);
    out.push(...report("through the SFU (the real signaling; sender reports, NACK, PLI/FIR and REMB relayed between the two sides):", await measure(viaSfu[0]!, viaSfu[1]!)));
    await close(viaSfu);

    const direct = await Promise.all([openParty(browser, server, script), openParty(browser, server, script)]);
    const offer = await direct[0]!.evaluate(() => window.sfuBench.directOffer());
    const answer = await direct[1]!.evaluate((sdp) => window.sfuBench.directAnswer(sdp), offer);
    await direct[0]!.evaluate((sdp) => window.sfuBench.directAccept(sdp), answer);
    out.push(...report('reference: the same two pages connected to each other, no server in the media path:', await measure(direct[0]!, direct[1]!)));
    await close(direct);
    return out;
  } finally {
    await browser.close();
  }
}
