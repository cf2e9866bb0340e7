import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { paths } from '@fandeck/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { forbidden, notFound } from '../../http/errors.js';
import { requireCreatorInScope, scopeOfRequest } from '../../http/page-scope.js';
import type { ApiScope } from '../types.js';
import { checkHlsLink, HLS_FILE, PLAYLIST_NAME, rewriteHlsPlaylist } from './hls-links.js';
import type { IngestHub } from './ingest.js';
import { liveRootOf, markedHlsDir, SHARED_DIR_TTL_MS } from './live-marker.js';
import type { StreamRow } from './streaming.presenter.js';
import { findStream, mayWatch } from './streaming.service.js';

const LINK_REFUSED = 'This stream link is not valid for you (expired, changed or made for someone else)';
const STREAM_NOT_THIS_PAGES = 'This page may only play the streams of the creators whose site it is';

/**
 * Another process's ingest of a stream that is live: its marker, fresh, and the row
 * broadcasting. `row` is the row just read, or null when the folder came from the cache
 * (never for `fresh`).
 */
function sharedHlsDirs(ctx: AppContext) {
  const known = new Map<string, { dir: string; until: number }>();
  return async (id: string, fresh: boolean): Promise<{ dir: string; row: StreamRow | null } | null> => {
    const now = ctx.now().getTime();
    const cached = known.get(id);
    if (!fresh && cached && cached.until > now) return { dir: cached.dir, row: null };
    known.delete(id);
    const dir = await markedHlsDir(liveRootOf(ctx.config.dataDir), id, now);
    if (!dir) return null;
    const row = await findStream(ctx.db, id);
    if (row?.type !== 'public' || row.state !== 'broadcasting') return null;
    known.set(id, { dir, until: now + SHARED_DIR_TTL_MS });
    return { dir, row };
  };
}

/**
 * `GET /api/streaming/hls/{id}/{file}?v&e&s`: the live playlist and its segments, only
 * through a link signed for the viewer asking (their session). The playlist is read fresh
 * each time (ffmpeg rewrites it every second), re-checked against who may watch now, and
 * rewritten so its entries carry the same signature; segments never change once listed.
 */
export function hlsRoutes(api: ApiScope, ctx: AppContext, hub: IngestHub) {
  const sharedHlsDir = sharedHlsDirs(ctx);
  api.get(
    paths['streaming.hls'],
    {
      schema: {
        tags: ['streaming'],
        summary: 'A live stream’s HLS playlist or segment through its signed link',
        params: z.object({ id: z.string().min(1).max(64), file: z.string().regex(HLS_FILE) }),
        querystring: z.object({ v: z.string().min(1).max(64), e: z.coerce.number().int(), s: z.string().min(1).max(128) }),
      },
    },
    async (request, reply) => {
      const { id, file } = request.params;
      const { v, e, s } = request.query;
      const user = request.auth?.user ?? null;
      if (!checkHlsLink(ctx.config.mediaUrlSecret, { streamId: id, viewer: v, expires: e }, s, user?.id ?? null, ctx.now().getTime())) {
        throw forbidden('media.link_invalid', LINK_REFUSED);
      }
      // Through the bridge's `media` command (the page origin): only the live of one of the page's creators.
      const scope = await scopeOfRequest(ctx, request);
      if (scope) requireCreatorInScope(scope, (await findStream(ctx.db, id))?.performerId ?? null, STREAM_NOT_THIS_PAGES);
      // This process's own ingest, else the one another process sharing DATA_DIR runs now.
      const own = hub.hlsDir(id);
      // The playlist checks the marker and the row every time; segments within the cache's second.
      const shared = own ? null : await sharedHlsDir(id, file === PLAYLIST_NAME);
      const dir = own ?? shared?.dir;
      if (!dir) throw notFound('streaming.offline', 'The stream is not broadcasting');
      const served = path.join(dir, file);
      if (file === PLAYLIST_NAME) {
        // Who may watch can change while a link lives (the creator made it subscribers-only):
        // the row is read fresh for every playlist (the marker's check just read it, or it is read now).
        const row = shared?.row ?? (await findStream(ctx.db, id));
        if (!row || row.state === 'finished') throw notFound('streaming.offline', 'The stream is not broadcasting');
        if (!(await mayWatch(ctx, user, row))) throw forbidden('streaming.subscribers_only', 'This stream is for the creator’s subscribers');
        const text = await readFile(served, 'utf8').catch(() => null);
        if (text === null) throw notFound('streaming.offline', 'The stream has not started yet');
        const query = new URLSearchParams({ v, e: String(e), s }).toString();
        return reply
          .header('content-type', 'application/vnd.apple.mpegurl')
          .header('cache-control', 'private, no-cache')
          .header('x-content-type-options', 'nosniff')
          .send(rewriteHlsPlaylist(text, query));
      }
      const info = await stat(served).catch(() => null);
      // A segment past the end, or one already dropped from the window.
      if (!info?.isFile()) throw notFound('streaming.not_found', 'No such segment');
      return reply
        .header('content-type', file.endsWith('.m4s') ? 'video/iso.segment' : 'video/mp4')
        .header('content-length', info.size)
        .header('cache-control', 'private, max-age=3600, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(served));
    },
  );
}
