/**
 * The long-task table of `npm run bench -w loader`: per element, over its runs, the median
 * count and longest of the tasks that ran our scripts, and apart from them the browser's own
 * (document and context creation, style, layout) and other scripts' (the bench's probe).
 */
import type { ElementRun } from './element-run.js';
import type { TaskOwner, TracedTask } from './trace-tasks.js';

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const of = (run: ElementRun, owner: TaskOwner) => run.longTasks.filter((task) => task.owner === owner);
const longest = (tasks: readonly TracedTask[]) => Math.max(0, ...tasks.map((task) => task.durationMs));
const mostCpu = (tasks: readonly TracedTask[]) => Math.max(0, ...tasks.map((task) => task.cpuMs));

export interface ElementTasks {
  tag: string;
  runs: ElementRun[];
}

/** Median over the runs of the longest task that ran our scripts (0 when none was long). */
export const medianLongestOurs = (runs: readonly ElementRun[]) => median(runs.map((run) => longest(of(run, 'ours'))));

export function printLongTaskTable(rows: readonly ElementTasks[], cpuSlowdown: number, limitMs: number): void {
  const runs = rows[0]?.runs.length ?? 0;
  const header = ['element', 'interactive', 'ours >50', 'ours longest', 'ours max', 'ours cpu', 'browser >50', 'browser longest', 'other >50'];
  const table = rows.map(({ tag, runs }) => {
    const count = (owner: TaskOwner) => median(runs.map((run) => of(run, owner).length));
    return [
      `<${tag}>`,
      `${Math.round(median(runs.map((run) => run.interactiveMs)))} ms`,
      String(count('ours')),
      `${Math.round(medianLongestOurs(runs))} ms`,
      `${Math.round(Math.max(...runs.map((run) => longest(of(run, 'ours')))))} ms`,
      `${Math.round(median(runs.map((run) => mostCpu(of(run, 'ours')))))} ms`,
      String(count('browser')),
      `${Math.round(median(runs.map((run) => longest(of(run, 'browser')))))} ms`,
      String(count('other')),
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...table.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  console.log(
    `\nLong tasks until interactive (main threads of the page and the bridge, from a Chrome trace; CPU ${cpuSlowdown}x slower), ` +
      `median of ${runs} runs per element (\`ours max\`: the longest in any run; \`ours cpu\`: the most CPU time the main thread spent in one of ` +
      `our long tasks, which other processes on a busy machine do not stretch). ` +
      `ours: a script of the platform's ran inside (loader, widget chunks, bridge assets, by URL); ` +
      `browser: no script ran inside (document and context creation, style, layout); other: another script (the bench's probe). Limit for ours: ${limitMs} ms.`,
  );
  console.log(line(header));
  for (const row of table) console.log(line(row));
}

/** Every long task of every run, with what ran inside it: where to look when one is over the limit. */
export function printLongTaskDetail({ tag, runs }: ElementTasks): void {
  runs.forEach((run, index) => {
    if (run.longTasks.length === 0) return;
    console.log(`<${tag}> run ${index + 1}:`);
    for (const task of run.longTasks) {
      console.log(
        `  ${task.owner.padEnd(7)} ${task.frame.padEnd(6)} at ${Math.round(task.startMs)} ms: ${Math.round(task.durationMs)} ms (cpu ${Math.round(task.cpuMs)} ms)  ${task.what.join(', ')}`,
      );
    }
  });
}
