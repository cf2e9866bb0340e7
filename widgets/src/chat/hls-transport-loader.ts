/**
 * An hls.js loader that takes every playlist and segment of a message's video through the
 * session's transport. A video's links are signed for the fan, like its photos, and on a
 * third-party page only the bridge holds the credential they need: hls.js's own loader
 * (XHR from the page) would be refused. Loaded with the player, only on such a page.
 */
import type { Loader, LoaderCallbacks, LoaderConfiguration, LoaderContext, LoaderStats } from 'hls.js';
import type { Transport } from '../session/transport.js';

export type HlsLoaderClass = new (config: unknown) => Loader<LoaderContext>;

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
async function bytesOf(transport: Transport, url: string, signal: AbortSignal): Promise<Blob | null> {
  const answer = transport.media(url, signal);
  if (typeof answer !== 'string') return answer;
  const response = await fetch(answer, { signal });
  return response.ok ? response.blob() : null;
}

/** A loader class for hls.js's `loader` option, bound to `transport`. */
export function transportLoader(transport: Transport): HlsLoaderClass {
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
      // Settles once: a later abort() of a finished load says nothing.
      const settle = (data: string | ArrayBuffer | null) => {
        if (controller.signal.aborted || this.callbacks !== callbacks) return;
        this.callbacks = null;
        if (data === null) return callbacks.onError({ code: 0, text: 'The media file could not be loaded' }, context, null, stats);
        stats.loading.first = stats.loading.end = performance.now();
        stats.loaded = stats.total = typeof data === 'string' ? data.length : data.byteLength;
        callbacks.onSuccess({ url: context.url, data, code: 200 }, stats, context, null);
      };
      void this.fetch(context, controller.signal).then(settle, () => settle(null));
    }

    private async fetch(context: LoaderContext, signal: AbortSignal): Promise<string | ArrayBuffer | null> {
      let blob = await bytesOf(transport, context.url, signal);
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
