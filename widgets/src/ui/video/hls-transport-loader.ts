/**
 * An hls.js loader that takes every playlist and segment through the session's transport:
 * a message's video and a live stream alike. Their links are signed for the fan, and on a
 * third-party page only the bridge holds the credential they need: hls.js's own loader
 * (XHR from the page) would be refused. Imported lazily by `playHls` (hls-playback.ts), and
 * only on such a page.
 */
import type { Loader, LoaderCallbacks, LoaderConfiguration, LoaderContext, LoaderStats } from 'hls.js';
import type { Transport } from '../../session/transport.js';

export type HlsLoaderClass = new (config: unknown) => Loader<LoaderContext>;

export interface TransportLoaderOptions {
  /** The cache mode of a link the page fetches itself; a live playlist changes every second, so the live player says `'no-store'`. */
  cache?: RequestCache;
  /** The text of hls.js's error for a file that did not come (developers read it, viewers never see it). */
  failure?: string;
}

const freshStats = (): LoaderStats => ({
  aborted: false,
  loaded: 0,
  retry: 0,
  total: 0,
  chunkCount: 0,
  bwEstimate: 0,
  loading: { start: 0, first: 0, end: 0 },
  parsing: { start: 0, end: 0 },
  buffering: { start: 0, first: 0, end: 0 },
});

/** The bytes of one link: through the transport (the bridge), or fetched by the page when the transport says it may. */
async function bytesOf(transport: Transport, url: string, signal: AbortSignal, cache: RequestCache | undefined): Promise<Blob | null> {
  const answer = transport.media(url, signal);
  if (typeof answer !== 'string') return answer;
  const response = await fetch(answer, cache ? { signal, cache } : { signal });
  return response.ok ? response.blob() : null;
}

/** A loader class for hls.js's `loader` option, bound to `transport`. */
export function transportLoader(transport: Transport, { cache, failure = 'The media file could not be loaded' }: TransportLoaderOptions = {}): HlsLoaderClass {
  return class TransportLoader implements Loader<LoaderContext> {
    context: LoaderContext | null = null;
    stats: LoaderStats = freshStats();
    private controller: AbortController | null = null;
    private callbacks: LoaderCallbacks<LoaderContext> | null = null;

    load(context: LoaderContext, _config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>): void {
      this.context = context;
      this.callbacks = callbacks;
      this.stats = freshStats();
      const { stats } = this;
      const controller = (this.controller = new AbortController());
      stats.loading.start = performance.now();
      // Settles once: an abort, or a later load, silences this one.
      const settle = (data: string | ArrayBuffer | null) => {
        if (controller.signal.aborted || this.callbacks !== callbacks) return;
        this.callbacks = null;
        if (data === null) return callbacks.onError({ code: 0, text: failure }, context, null, stats);
        stats.loading.first = stats.loading.end = performance.now();
        stats.loaded = stats.total = typeof data === 'string' ? data.length : data.byteLength;
        callbacks.onSuccess({ url: context.url, data, code: 200 }, stats, context, null);
      };
      void this.fetch(context, controller.signal).then(settle, () => settle(null));
    }

    private async fetch(context: LoaderContext, signal: AbortSignal): Promise<string | ArrayBuffer | null> {
      let blob = await bytesOf(transport, context.url, signal, cache);
      if (!blob || signal.aborted) return null;
      // A byte range of the file (hls.js asks for one only where the playlist names it).
      if (context.rangeEnd) blob = blob.slice(context.rangeStart ?? 0, context.rangeEnd);
      else if (context.rangeStart) blob = blob.slice(context.rangeStart);
      return context.responseType === 'arraybuffer' ? blob.arrayBuffer() : blob.text();
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
