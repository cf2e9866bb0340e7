/**
 * An hls.js loader that fetches the live playlist and its segments through the session's
 * transport. The playlist is signed for the viewer and, on a third-party page, only the
 * bridge holds the credential that goes with it: hls.js's own XHR from the page would be
 * refused. Loaded with the player, only on such a page. (The chat has the same loader for
 * message videos; features do not import each other, so the live player keeps its own.)
 */
import type { Loader, LoaderCallbacks, LoaderConfiguration, LoaderContext, LoaderStats } from 'hls.js';
import type { Transport } from '../session/transport.js';

export type HlsLoaderClass = new (config: unknown) => Loader<LoaderContext>;

function emptyStats(): LoaderStats {
  const span = () => ({ start: 0, first: 0, end: 0 });
  return { aborted: false, loaded: 0, retry: 0, total: 0, chunkCount: 0, bwEstimate: 0, loading: span(), parsing: { start: 0, end: 0 }, buffering: span() };
}

/** One link's bytes: from the bridge, or fetched by the page when the transport answers a link it may load itself. */
async function fetchBytes(transport: Transport, url: string, signal: AbortSignal): Promise<Blob | null> {
  const answer = transport.media(url, signal);
  if (typeof answer !== 'string') return answer;
  const response = await fetch(answer, { signal, cache: 'no-store' });
  return response.ok ? response.blob() : null;
}

/** A class for hls.js's `loader` option, bound to `transport`. */
export function liveTransportLoader(transport: Transport): HlsLoaderClass {
  return class LiveTransportLoader implements Loader<LoaderContext> {
    context: LoaderContext | null = null;
    stats: LoaderStats = emptyStats();
    private controller: AbortController | null = null;
    private callbacks: LoaderCallbacks<LoaderContext> | null = null;

    load(context: LoaderContext, _config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>): void {
      const controller = new AbortController();
      const stats = emptyStats();
      Object.assign(this, { context, callbacks, controller, stats });
      stats.loading.start = performance.now();
      const done = (data: string | ArrayBuffer | null) => {
        // Answers once: an abort, or a later load, silences this one.
        if (controller.signal.aborted || this.callbacks !== callbacks) return;
        this.callbacks = null;
        if (data === null) return callbacks.onError({ code: 0, text: 'The live stream could not be loaded' }, context, null, stats);
        stats.loading.first = stats.loading.end = performance.now();
        stats.loaded = stats.total = typeof data === 'string' ? data.length : data.byteLength;
        callbacks.onSuccess({ url: context.url, data, code: 200 }, stats, context, null);
      };
      void fetchBytes(transport, context.url, controller.signal)
        .then(async (blob) => {
          if (!blob) return null;
          const { rangeStart, rangeEnd } = context;
          const part = rangeEnd ? blob.slice(rangeStart ?? 0, rangeEnd) : rangeStart ? blob.slice(rangeStart) : blob;
          return context.responseType === 'arraybuffer' ? part.arrayBuffer() : part.text();
        })
        .then(done, () => done(null));
    }

    abort(): void {
      const { controller, callbacks, context } = this;
      if (!controller || controller.signal.aborted || !callbacks || !context) return;
      controller.abort();
      this.callbacks = null;
      this.stats.aborted = true;
      callbacks.onAbort?.(this.stats, context, null);
    }

    destroy(): void {
      this.controller?.abort();
      this.callbacks = null;
      this.context = null;
    }
  };
}
