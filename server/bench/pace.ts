/**
 * Timing helpers the bench's load sides share. They import nothing of the server, so a
 * client process or worker stays light.
 */

/** Wall-clock ms with sub-ms precision, comparable between the bench's processes on one machine. */
export const now = () => performance.timeOrigin + performance.now();

/** Calls `tick(n)` at `rate` a second for `seconds`, on a schedule that does not drift. */
export async function paced(rate: number, seconds: number, tick: (n: number) => void): Promise<void> {
  const total = Math.round(rate * seconds);
  const start = performance.now();
  for (let n = 0; n < total; n += 1) {
    const due = start + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    tick(n);
  }
}
