/**
 * A creator's recordings: every ingest writes one (ingest.ts), so "start recording" only
 * confirms it. Listed, downloaded (streamed through the API to the creator, never a bucket
 * URL) and deleted by their creator only.
 */
import { paths } from '@fandeck/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { streamRecordings } from './streaming.tables.js';
import { isId } from '../../db/schema/ids.js';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { currentUser } from '../../http/guard.js';
import { listQuerySchema, toPage } from '../../http/pagination.js';
import type { ApiScope } from '../types.js';
import { presentRecording, recordingSchema } from './streaming.presenter.js';
import { currentStream } from './streaming.service.js';

const idParams = z.object({ id: z.string().min(1).max(64) });

async function ownRecording(ctx: AppContext, performerId: string, id: string) {
  const [row] = isId(id)
    ? await ctx.db.select().from(streamRecordings).where(and(eq(streamRecordings.id, id), eq(streamRecordings.performerId, performerId))).limit(1)
    : [];
  // Another creator's recording is answered as a missing one: its existence is not theirs to learn.
  if (!row) throw notFound('streaming.recording_not_found', 'There is no such recording');
  return row;
}

export function recordingRoutes(api: ApiScope, ctx: AppContext) {
  api.get(
    paths['streaming.recordings'],
    {
      schema: {
        tags: ['streaming'],
        summary: 'The creator’s stream recordings, newest first',
        querystring: listQuerySchema.extend({ streamId: z.string().max(64).optional() }),
        response: { 200: listSchema(recordingSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const page = toPage(request.query, { sortBy: 'createdAt' });
      const where = and(eq(streamRecordings.performerId, user.id), request.query.streamId ? eq(streamRecordings.streamId, request.query.streamId) : undefined);
      const [rows, [total]] = await Promise.all([
        ctx.db.select().from(streamRecordings).where(where).orderBy(desc(streamRecordings.createdAt), desc(streamRecordings.id)).limit(page.limit).offset(page.offset),
        ctx.db.select({ n: count() }).from(streamRecordings).where(where),
      ]);
      return list(rows.map(presentRecording), total?.n ?? 0);
    },
  );

  api.get(
    paths['streaming.recordingDownload'],
    {
      schema: { tags: ['streaming'], summary: 'A recording’s file (MP4), to its creator', params: idParams },
    },
    async (request, reply) => {
      const row = await ownRecording(ctx, currentUser(request).id, request.params.id);
      const stored = await ctx.store.read(row.storagePath);
      if (!stored) throw notFound('streaming.recording_not_found', 'The recording’s file is gone');
      return reply
        .header('content-type', 'video/mp4')
        .header('content-length', stored.size)
        .header('content-disposition', `attachment; filename="stream-${row.streamId}-${row.id}.mp4"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stored.body);
    },
  );

  api.delete(
    paths['streaming.recordingDelete'],
    {
      schema: { tags: ['streaming'], summary: 'Deletes a recording and its file', params: idParams, response: { 200: envelopeSchema(z.object({ success: z.boolean() })) } },
    },
    async (request) => {
      const row = await ownRecording(ctx, currentUser(request).id, request.params.id);
      await ctx.db.delete(streamRecordings).where(eq(streamRecordings.id, row.id));
      await ctx.store.remove(row.storagePath);
      return ok({ success: true });
    },
  );

  api.post(
    paths['streaming.recordingStart'],
    {
      schema: {
        tags: ['streaming'],
        summary: 'Recording is always on: confirms that the current stream is being recorded',
        description: 'Every ingest writes a recording beside the live HLS; this answers the stream it applies to (null when there is none).',
        response: { 200: envelopeSchema(z.object({ recording: z.literal(true), streamId: z.string().nullable() })) },
      },
    },
    async (request) => {
      const row = await currentStream(ctx.db, currentUser(request).id);
      return ok({ recording: true as const, streamId: row?.id ?? null });
    },
  );
}
