/**
 * `npm run bench -w loader -- --profile`: where the page's main thread spends its time
 * until an element is interactive, from a CPU profile taken over the DevTools protocol
 * (self time per function, at the bench's CPU slowdown). For finding what a long task is.
 */
import type { CDPSession } from 'playwright-core';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

export async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
}

/** Stops the profile and prints the functions with the most self time, in ms. */
export async function printProfile(cdp: CDPSession, title: string, top = 25): Promise<void> {
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let index = 0; index < samples.length; index++) {
    const node = byId.get(samples[index] ?? -1);
    if (!node) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const where = url ? `${url.replace(/^https?:\/\/[^/]+/, '')}:${lineNumber + 1}:${columnNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + (deltas[index + 1] ?? 0) / 1000);
  }
  console.log(`\nCPU profile of ${title}: self time by function (ms)`);
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms.toFixed(1).padStart(8)}  ${key}`);

  // Inclusive time per node, then the heaviest paths from the root, to see which call holds a long task.
  const selfById = new Map<number, number>();
  for (let index = 0; index < samples.length; index++) {
    const id = samples[index] ?? -1;
    selfById.set(id, (selfById.get(id) ?? 0) + (deltas[index + 1] ?? 0) / 1000);
  }
  const total = new Map<number, number>();
  const inclusive = (node: ProfileNode): number => {
    const known = total.get(node.id);
    if (known !== undefined) return known;
    let sum = selfById.get(node.id) ?? 0;
    for (const child of node.children ?? []) {
      const next = byId.get(child);
      if (next) sum += inclusive(next);
    }
    total.set(node.id, sum);
    return sum;
  };
  const label = (node: ProfileNode) => {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    return `${functionName || '(anonymous)'} ${url ? `${url.replace(/^https?:\/\/[^/]+/, '')}:${lineNumber + 1}:${columnNumber + 1}` : ''}`;
  };
  console.log(`\nheaviest calls (inclusive ms), depth-first:`);
  const walk = (node: ProfileNode, depth: number) => {
    if (depth > 40) return;
    const children = (node.children ?? []).map((id) => byId.get(id)).filter((child): child is ProfileNode => child !== undefined);
    for (const child of children.sort((a, b) => inclusive(b) - inclusive(a)).slice(0, 3)) {
      if (inclusive(child) < 6) continue;
      console.log(`${inclusive(child).toFixed(1).padStart(8)}  ${'  '.repeat(depth)}${label(child)}`);
      walk(child, depth + 1);
    }
  };
  const root = profile.nodes[0];
  if (root) walk(root, 0);
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; frame?: string } };
}

/**
 * From a Chromium trace: each task over `overMs` on any renderer main thread, with the
 * events inside it that took the longest (script evaluation, compile, style, layout).
 */
export function printLongTasks(trace: Buffer, title: string, overMs = 50): void {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const complete = events.filter((event) => event.ph === 'X' && typeof event.dur === 'number');
  const tasks = complete.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) > overMs * 1000);
  console.log(`\nTrace of ${title}: tasks over ${overMs} ms and what took longest inside them`);
  for (const task of tasks) {
    console.log(`  task of ${((task.dur ?? 0) / 1000).toFixed(1)} ms (pid ${task.pid}, tid ${task.tid})`);
    const inside = complete.filter(
      (event) => event !== task && event.pid === task.pid && event.tid === task.tid && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= task.ts + (task.dur ?? 0),
    );
    const byName = new Map<string, number>();
    for (const event of inside) {
      const url = event.args?.data?.url ? ` ${event.args.data.url.replace(/^https?:\/\/[^/]+/, '')}` : '';
      const key = `${event.name}${url}`;
      byName.set(key, Math.max(byName.get(key) ?? 0, (event.dur ?? 0) / 1000));
    }
    for (const [key, ms] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${key}`);
  }
}
