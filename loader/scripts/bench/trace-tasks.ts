/**
 * Long tasks from a Chromium trace (CDP Tracing, devtools.timeline), each put down to whoever
 * ran it: `ours` when a script of the platform's (the loader, a widget chunk, the bridge's
 * assets) ran inside it, by the script URL the trace names (a call's or a compile's; a
 * module evaluation names none, so it is put down to the modules compiled before it);
 * `browser` when no script ran inside it at all (document and context creation, style and
 * layout, parsing); `other` when only a script not of the platform's did (the bench's probe).
 */

/** What the main thread does: tasks, script runs with their URLs, style, layout, parsing. */
export const TASK_TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8'];

/** Marks the probe leaves in the trace (`console.timeStamp`) when the element is interactive and a frame has loaded. */
export const INTERACTIVE_MARK = 'fan-bench:interactive';
export const LOADED_MARK = 'fan-bench:loaded';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread time: what the thread spent on the CPU (the slowdown's spinning included), without the time other processes held it. */
  tdur?: number;
  tid: number;
  pid: number;
  args?: Record<string, unknown>;
}

export type TaskOwner = 'ours' | 'browser' | 'other';

export interface TracedTask {
  owner: TaskOwner;
  /** `page` (the partner page's renderer) or `bridge` (the bridge iframe's renderer, when it has its own process). */
  frame: 'page' | 'bridge';
  /** From the page's navigation start (its first trace event of a page load), in ms. */
  startMs: number;
  durationMs: number;
  /**
   * The main thread's CPU time in the task. The CPU slowdown spins on the thread, so on an
   * idle machine this is about the duration; on a busy one the duration also holds the time
   * other processes had the CPU, and this does not.
   */
  cpuMs: number;
  /** The scripts that ran inside, by path, with their time; for `browser` tasks, the heaviest kinds of work. */
  what: string[];
}

/** The script URL a script event names (`data.url` of a call or a classic script, `fileName` of a compile); '' when unnamed. */
function scriptUrlOf(event: TraceEvent): string | undefined {
  if (!SCRIPT_EVENTS.has(event.name)) return undefined;
  const data = event.args?.['data'] as { url?: unknown } | undefined;
  const url = typeof data?.url === 'string' ? data.url : typeof event.args?.['fileName'] === 'string' ? (event.args['fileName'] as string) : '';
  return url;
}

/** Work a task does without a script: what a `browser` task is listed as. */
const INTERNAL_WORK: Record<string, string> = {
  ParseHTML: 'HTML parsing',
  'HTMLDocumentParser::MaybeFetchQueuedPreloads': 'HTML parsing',
  'LocalWindowProxy::Initialize': 'script context creation',
  'LocalWindowProxy::CreateContext': 'script context creation',
  'V8.DeserializeContext': 'script context creation',
  CommitLoad: 'document creation',
  'FrameLoader::CommitNavigation': 'document creation',
  'v8.newContext': 'script context creation',
  'V8.NewContext': 'script context creation',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  'Layerize': 'paint',
  ParseAuthorStyleSheet: 'style sheet parsing',
  'Decode Image': 'image decoding',
};

/** Events that run or compile a script; a module's evaluation names no URL and is put down to the modules compiled before it. */
const SCRIPT_EVENTS = new Set(['EvaluateScript', 'FunctionCall', 'v8.compile', 'v8.compileModule', 'v8.run', 'v8.evaluateModule']);

/**
 * The long tasks (over `overMs`) of every renderer main thread that started before the
 * probe's marks say the element was interactive and the bridge had loaded.
 */
export function tracedLongTasks(trace: Buffer, platform: string, overMs = 50): { tasks: TracedTask[]; readyMs: number | null } {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mainThreads = new Set(events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && (event.args?.['name'] as string) === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`));
  // Only the renderers of web pages (the partner's page, the bridge): the browser's own UI renderers load chrome:// pages.
  const webPids = new Set(events.filter((event) => /^https?:\/\//.test(String((event.args?.['data'] as { url?: unknown } | undefined)?.url ?? ''))).map((event) => event.pid));
  const marks = (text: string) => events.filter((event) => event.name === 'TimeStamp' && String((event.args?.['data'] as { message?: string } | undefined)?.message) === text);
  const interactive = marks(INTERACTIVE_MARK)[0];
  const loaded = marks(LOADED_MARK);
  const bridgeLoad = loaded.filter((event) => !interactive || event.pid !== interactive.pid).map((event) => event.ts);
  const readyTs = interactive ? Math.max(interactive.ts, ...bridgeLoad) : Number.POSITIVE_INFINITY;
  const pagePid = interactive?.pid;

  const onMain = events
    .filter((event) => webPids.has(event.pid) && mainThreads.has(`${event.pid}:${event.tid}`) && event.ph === 'X' && typeof event.dur === 'number')
    .sort((a, b) => a.ts - b.ts);
  const moduleUrls = modulesEvaluated(onMain);
  const starts = onMain.filter((event) => event.name === 'RunTask').map((event) => event.ts);
  const origin = starts.length > 0 ? Math.min(...starts) : 0;
  const long = onMain.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) > overMs * 1000 && event.ts < readyTs);

  const tasks = long.map((task): TracedTask => {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((event) => event !== task && event.pid === task.pid && event.tid === task.tid && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end);
    // Script time by what ran (a URL, or a module graph), and whether it is the platform's.
    const scriptTime = new Map<string, { ms: number; ours: boolean }>();
    const pathOf = (url: string) => (url === '' ? '(unnamed script: the bench probe)' : url.replace(/^https?:\/\/[^/]+/, ''));
    const isOurs = (url: string) => url.startsWith(`${platform}/`);
    for (const event of inside) {
      const modules = event.name === 'v8.evaluateModule' ? (moduleUrls.get(event) ?? []) : undefined;
      const url = modules ? undefined : scriptUrlOf(event);
      if (!modules && url === undefined) continue;
      const label = modules
        ? `module graph ${modules.slice(0, 3).map(pathOf).join(' ')}${modules.length > 3 ? ` (+${modules.length - 3})` : ''}`
        : pathOf(url ?? '');
      const ms = Math.max(scriptTime.get(label)?.ms ?? 0, (event.dur ?? 0) / 1000);
      scriptTime.set(label, { ms, ours: modules ? modules.some(isOurs) : isOurs(url ?? '') });
    }
    const ours = [...scriptTime].filter(([, entry]) => entry.ours);
    const owner: TaskOwner = ours.length > 0 ? 'ours' : scriptTime.size > 0 ? 'other' : 'browser';
    const what =
      owner === 'browser'
        ? heaviestWork(inside)
        : [...(owner === 'ours' ? ours : scriptTime)].sort((a, b) => b[1].ms - a[1].ms).slice(0, 3).map(([label, entry]) => `${label} ${entry.ms.toFixed(0)} ms`);
    return { owner, frame: task.pid === pagePid || pagePid === undefined ? 'page' : 'bridge', startMs: (task.ts - origin) / 1000, durationMs: (task.dur ?? 0) / 1000, cpuMs: (task.tdur ?? task.dur ?? 0) / 1000, what };
  });
  return { tasks, readyMs: interactive ? (readyTs - origin) / 1000 : null };
}

/**
 * The modules each evaluation ran: those compiled on its thread since the previous
 * evaluation there (a module graph is evaluated once all of it has arrived and compiled).
 */
function modulesEvaluated(sorted: readonly TraceEvent[]): Map<TraceEvent, string[]> {
  const pending = new Map<string, string[]>();
  const evaluated = new Map<TraceEvent, string[]>();
  for (const event of sorted) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.name === 'v8.compileModule') {
      const url = scriptUrlOf(event);
      if (url) pending.set(thread, [...(pending.get(thread) ?? []), url]);
    } else if (event.name === 'v8.evaluateModule') {
      evaluated.set(event, pending.get(thread) ?? []);
      pending.set(thread, []);
    }
  }
  return evaluated;
}

function heaviestWork(inside: readonly TraceEvent[]): string[] {
  const byKind = new Map<string, number>();
  for (const event of inside) {
    const kind = INTERNAL_WORK[event.name];
    // The longest event of each kind: events of one kind nest (context creation holds its deserialisation).
    if (kind) byKind.set(kind, Math.max(byKind.get(kind) ?? 0, (event.dur ?? 0) / 1000));
  }
  const top = [...byKind].sort((a, b) => b[1] - a[1]).slice(0, 3);
  return top.length > 0 ? top.map(([kind, ms]) => `${kind} ${ms.toFixed(0)} ms`) : ['(no named work inside)'];
}
