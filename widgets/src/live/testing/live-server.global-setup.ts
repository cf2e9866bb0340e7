import { createLiveServerControl, disposeLiveServerControl } from './live-server-control.js';

/**
 * Starts the real server for the live-server project. The start is not awaited here, so
 * the other project's tests run meanwhile; the browser test's first command
 * (`liveServerStart`) waits for it and reports its output if it failed.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const control = await createLiveServerControl();
  control.start().catch(() => undefined);
  return disposeLiveServerControl;
}
