import path from 'node:path';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { files } from '../../media/files.tables.js';
import { forbidden } from '../../http/errors.js';
import { checkMediaLink } from '../../media/signed-links.js';
import { resolveServed, rewritePlaylist, SERVED_NAME } from '../../media/served-files.js';
import { defineTranscodeJob } from '../../media/video-upload.js';
import { defineDomain } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { requireFileInPageScope } from './media-scope.js';

const LINK_REFUSED = 'This media link is not valid for you (expired, changed or made for someone else)';

/**
 * Media files of posts, messages and the like: served only through links signed for one
 * viewer (media/signed-links.ts), and the transcode job every video upload enqueues.
 */
async function mediaRoutes(api: ApiScope, ctx: AppContext) {
  defineTranscodeJob(ctx);

  api.get(
    paths['media.file'],
    {
      schema: {
        tags: ['media'],
        summary: 'A media file through its signed link',
        description:
          'Photo sizes (`small`, `medium`, `large`), a video’s `teaser`, its HLS playlists (`master.m3u8`, `v360.m3u8`) and segments. Only for the viewer the link was made for (their session), until it expires; playlists list links of the same kind. ' +
          'Fetched by the bridge for a third-party page (with the page origin): only files of the creators who own the page, of its conversations, or the fan’s own (403 `embeds.origin_not_owned`).',
        params: z.object({ id: z.string().min(1).max(64), name: z.string().regex(SERVED_NAME) }),
        querystring: z.object({ v: z.string().min(1).max(64), e: z.coerce.number().int(), s: z.string().min(1).max(128) }),
      },
    },
    async (request, reply) => {
      const { id, name } = request.params;
      const { v, e, s } = request.query;
      const viewerId = request.auth?.user.id ?? null;
      if (!checkMediaLink(ctx.config.mediaUrlSecret, { fileId: id, size: name, viewer: v, expires: e }, s, viewerId)) {
        throw forbidden('media.link_invalid', LINK_REFUSED);
      }
      await requireFileInPageScope(ctx, request, id, viewerId);
      const [file] = await ctx.db.select({ variants: files.variants, status: files.status, durationSeconds: files.durationSeconds }).from(files).where(eq(files.id, id));
      const served = file && file.status !== 'processing' && file.status !== 'error' ? resolveServed(file.variants, name) : null;
      if (!served) throw forbidden('media.link_invalid', LINK_REFUSED);
      // A segment number past the end names nothing.
      const stored = await ctx.store.read(served.path);
      if (!stored) throw forbidden('media.link_invalid', LINK_REFUSED);
      reply.header('content-type', served.contentType).header('x-content-type-options', 'nosniff');
      // A digital product's file is saved, never shown inline on the platform's origin.
      if (name === 'download') reply.header('content-disposition', `attachment; filename="download${path.posix.extname(served.path)}"`);
      if (served.playlist) {
        const text = await stored.body.toArray().then((chunks) => Buffer.concat(chunks as Buffer[]).toString('utf8'));
        // A playlist holds links for this viewer: never cached, never shared.
        return reply
          .header('cache-control', 'private, no-store')
          .send(rewritePlaylist(text, served, { secret: ctx.config.mediaUrlSecret, fileId: id, viewerId, durationSeconds: file!.durationSeconds }));
      }
      return reply.header('cache-control', 'private, max-age=600').header('content-length', stored.size).send(stored.body);
    },
  );
}

export default defineDomain({ name: 'media', dependsOn: ['auth'], register: mediaRoutes });
