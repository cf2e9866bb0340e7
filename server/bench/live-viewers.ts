/**
 * The viewers of the live bench's CPU phase, in their own process (a worker thread would
 * count in the server process's `process.cpuUsage()`): each viewer polls its signed
 * playlist every second, as a player does, and fetches each segment the moment it is
 * listed (the init segment once). A first playlist starts three segments from the end,
 * where hls.js starts. Polls are spread over the second so they do not all land at once.
 */
import { readPlaylist } from './live-kit.js';

export interface ViewersPlan {
  viewers: { token: string; playlistUrl: string }[];
  intervalMs: number;
}

export interface ViewersResult {
  playlists: number;
  segments: number;
  bytes: number;
  errors: number;
}

const send = (message: unknown) => process.send!(message);

function watch(viewer: ViewersPlan['viewers'][number], intervalMs: number, offsetMs: number, result: ViewersResult, running: () => boolean) {
  const headers = { authorization: viewer.token };
  const seen = new Set<string>();
  let initDone = false;
  let first = true;
  const get = async (url: string): Promise<Response | null> => {
    const res = await fetch(url, { headers }).catch(() => null);
    if (!res || !res.ok) {
      result.errors += 1;
      await res?.body?.cancel();
      return null;
    }
    return res;
  };
  const poll = async () => {
    const res = await get(viewer.playlistUrl);
    if (!res) return;
    result.playlists += 1;
    const playlist = readPlaylist(await res.text(), viewer.playlistUrl);
    if (playlist.init && !initDone) {
      const init = await get(playlist.init);
      if (init) {
        // Read before adding: `result.bytes += await ...` would add to a stale total.
        const size = (await init.arrayBuffer()).byteLength;
        result.bytes += size;
        initDone = true;
      }
    }
    const fresh = playlist.segments.filter((segment) => !seen.has(segment.name));
    for (const [index, segment] of fresh.entries()) {
      seen.add(segment.name);
      if (first && index < fresh.length - 3) continue;
      const body = await get(segment.uri);
      if (!body) continue;
      const size = (await body.arrayBuffer()).byteLength;
      result.bytes += size;
      result.segments += 1;
    }
    first = false;
  };
  const start = performance.now() + offsetMs;
  let n = 0;
  const loop = async () => {
    while (running()) {
      const due = start + n * intervalMs;
      n += 1;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (!running()) return;
      await poll();
    }
  };
  return loop();
}

process.once('message', (plan: ViewersPlan) => {
  const result: ViewersResult = { playlists: 0, segments: 0, bytes: 0, errors: 0 };
  let running = true;
  const loops = plan.viewers.map((viewer, i) => watch(viewer, plan.intervalMs, (i * plan.intervalMs) / plan.viewers.length, result, () => running));
  send({ ready: true });
  process.on('message', (message: { snapshot?: boolean; stop?: boolean }) => {
    if (message.snapshot) send({ snapshot: { ...result } });
    if (message.stop) {
      running = false;
      void Promise.allSettled(loops).then(() => {
        send({ stopped: { ...result } });
        setTimeout(() => process.exit(0), 100);
      });
    }
  });
});
