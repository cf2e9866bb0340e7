import { LIMITS, paths } from '@fandeck/contract';
import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { streams } from './streaming.tables.js';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { currentUser } from '../../http/guard.js';
import { listQuerySchema, toPage } from '../../http/pagination.js';
import { requireVerifiedCreator } from '../accounts/index.js';
import { partiesById, presentParty } from '../earnings/index.js';
import type { NotificationsExtension } from '../notifications/index.js';
import { defineDomain, type DomainDeps } from '../plugin.js';
import { announceGoLive } from './go-live-notice.js';
import type { ApiScope } from '../types.js';
import { hlsRoutes } from './hls.routes.js';
import { createIngestHub, type IngestHub } from './ingest.js';
import { recordingRoutes } from './recordings.routes.js';
import { signHlsPath } from './hls-links.js';
import { registerStreamPresenceEvents, streamRoomPolicy } from './stream-presence-events.js';
import { noCallRule, type StreamingExtension } from './streaming.extension.js';
import { conversationFor, conversationSchema, idParams as conversationParams, streamOfPerformer } from '../messaging/index.js';
import { goLiveSchema, joinSchema, presenceOf, presentStream, streamSchema, type StreamRow } from './streaming.presenter.js';
import {
  countViewer,
  findStream,
  finishStream,
  goLive,
  mayWatch,
  requireCurrentStream,
  requireOwnStream,
  STREAM_ROOM_PREFIX,
  streamForJoin,
  streamRoom,
  updateStream,
} from './streaming.service.js';

const idParams = z.object({ id: z.string().min(1).max(64) });
const infoBody = z.object({
  title: z.string().trim().max(LIMITS.stream.titleMax).optional(),
  description: z.string().trim().max(LIMITS.stream.descriptionMax).optional(),
  subscribersOnly: z.boolean().optional(),
});
const streamIdField = z.string().min(1).max(64).optional();

async function withPerformer(ctx: AppContext, row: StreamRow) {
  const parties = await partiesById(ctx.db, [row.performerId]);
  const party = parties.get(row.performerId);
  return presentStream(row, party ? presentParty(ctx.config.publicOrigin, party) : undefined);
}

/** Ends a stream (its creator or staff): finished, ingest stopped and its recording stored, the room told. */
async function endStream(ctx: AppContext, hub: IngestHub, row: StreamRow, byStaff: boolean): Promise<StreamRow> {
  const { row: finished, changed } = await finishStream(ctx, row.id);
  await hub.stop(row.id);
  if (changed) {
    const event = presenceOf(finished, finished.performerId);
    const room = streamRoom(finished.id);
    if (byStaff) {
      ctx.realtime.emitToRoom(room, 'admin-end-session-stream', event);
      ctx.realtime.emitToUser(finished.performerId, 'admin-end-session-stream', event);
    }
    ctx.realtime.emitToRoom(room, 'model-left', event);
    ctx.realtime.emitToRoom(room, 'public-room-changed', event);
  }
  return finished;
}

function creatorRoutes(api: ApiScope, ctx: AppContext, hub: IngestHub, notifications: NotificationsExtension) {
  api.post(
    paths['streaming.goLive'],
    {
      schema: {
        tags: ['streaming'],
        summary: 'Go live: the creator’s public stream that is not finished, or a new one',
        description: `Fields given update it. Then the creator’s page sends its camera to the ingest WebSocket (\`/api${'/streaming/ingest'}\`). Answers \`{ stream, conversation }\` (the stream chat), the stream’s fields also at the top level. 403 \`performers.not_verified\`.`,
        body: infoBody,
        response: { 200: envelopeSchema(goLiveSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await requireVerifiedCreator(ctx.db, user.id);
      const { row, created } = await goLive(ctx, user.id, request.body);
      // Once per stream: going live again (a reload, the camera reconnecting) answers the same stream and tells no one.
      if (created) void announceGoLive(ctx, notifications, row, request.log);
      const stream = await withPerformer(ctx, row);
      const conversation = await conversationFor(ctx, user, stream.conversationId);
      return ok({ ...stream, stream, conversation });
    },
  );

  api.put(
    paths['streaming.end'],
    {
      schema: { tags: ['streaming'], summary: 'The creator ends their stream', params: idParams, response: { 200: envelopeSchema(streamSchema) } },
    },
    async (request) => {
      const row = await requireOwnStream(ctx.db, currentUser(request), request.params.id);
      return ok(await withPerformer(ctx, await endStream(ctx, hub, row, false)));
    },
  );

  api.put(
    paths['streaming.update'],
    {
      schema: {
        tags: ['streaming'],
        summary: 'Title, description and who may watch the current stream; `change-stream-info` to its room',
        body: infoBody.extend({ streamId: streamIdField }),
        response: { 200: envelopeSchema(streamSchema) },
      },
    },
    async (request) => {
      const { streamId, ...info } = request.body;
      const row = await requireCurrentStream(ctx.db, currentUser(request).id, streamId);
      const changes = Object.fromEntries(Object.entries(info).filter(([, value]) => value !== undefined));
      const dto = await withPerformer(ctx, await updateStream(ctx, row, changes));
      ctx.realtime.emitToRoom(streamRoom(row.id), 'change-stream-info', dto);
      return ok(dto);
    },
  );

  api.put(
    paths['streaming.setDuration'],
    {
      schema: {
        tags: ['streaming'],
        summary: 'The planned length of the current stream, in minutes',
        body: z.object({ duration: z.number().int().min(1).max(24 * 60), streamId: streamIdField }),
        response: { 200: envelopeSchema(streamSchema) },
      },
    },
    async (request) => {
      const row = await requireCurrentStream(ctx.db, currentUser(request).id, request.body.streamId);
      const dto = await withPerformer(ctx, await updateStream(ctx, row, { durationMinutes: request.body.duration }));
      ctx.realtime.emitToRoom(streamRoom(row.id), 'change-stream-info', dto);
      return ok(dto);
    },
  );
}

function viewerRoutes(api: ApiScope, ctx: AppContext) {
  api.get(
    paths['streaming.join'],
    {
      schema: {
        tags: ['streaming'],
        summary: 'A stream (by its id, or its creator’s id or username) and whether this viewer may watch',
        description: 'Only an entitled viewer of a broadcasting stream gets `playlistUrl`, signed for them for a few minutes.',
        params: idParams,
        response: { 200: envelopeSchema(joinSchema) },
      },
    },
    async (request) => {
      const row = await streamForJoin(ctx.db, request.params.id);
      if (!row || row.type !== 'public') throw notFound('streaming.not_found', 'There is no such stream');
      const user = request.auth?.user ?? null;
      const entitled = await mayWatch(ctx, user, row);
      const live = row.state === 'broadcasting';
      const reason = !entitled ? (user ? 'subscribers_only' : 'sign_in') : live ? null : 'offline';
      const playlistUrl = reason === null ? `${ctx.config.publicOrigin}${signHlsPath(ctx.config.mediaUrlSecret, row.id, 'index.m3u8', user?.id ?? null, ctx.now().getTime())}` : null;
      const conversation = row.conversationId ? await conversationFor(ctx, user, row.conversationId) : undefined;
      return ok({ stream: await withPerformer(ctx, row), canWatch: entitled && live, reason, playlistUrl, agora: null, ...(conversation ? { conversation } : {}) });
    },
  );

  api.get(
    paths['conversations.streamPublic'],
    {
      schema: {
        tags: ['streaming'],
        summary: 'A creator’s stream chat (by id or username), public; created on first ask',
        params: conversationParams,
        response: { 200: envelopeSchema(conversationSchema) },
      },
    },
    async (request) => ok(await streamOfPerformer(ctx, request.auth?.user ?? null, request.params.id)),
  );

  api.get(
    paths['streaming.userSearch'],
    {
      schema: {
        tags: ['streaming'],
        summary: 'Public streams broadcasting now, with their creators',
        querystring: listQuerySchema.extend({ performerId: z.string().max(64).optional(), sortBy: z.enum(['startedAt', 'viewerCount', 'updatedAt']).optional() }),
        response: { 200: listSchema(streamSchema) },
      },
    },
    async (request) => {
      const page = toPage(request.query, { sortBy: 'startedAt', limit: 12 });
      const q = request.query.q?.trim();
      const where = and(
        eq(streams.type, 'public'),
        eq(streams.state, 'broadcasting'),
        request.query.performerId ? eq(streams.performerId, request.query.performerId) : undefined,
        q ? or(ilike(streams.title, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`), ilike(streams.description, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)) : undefined,
      );
      const column = { startedAt: streams.startedAt, viewerCount: streams.viewerCount, updatedAt: streams.updatedAt }[request.query.sortBy ?? 'startedAt'];
      const [rows, [total]] = await Promise.all([
        ctx.db.select().from(streams).where(where).orderBy(page.sort === 'asc' ? asc(column) : desc(column), desc(streams.id)).limit(page.limit).offset(page.offset),
        ctx.db.select({ n: count() }).from(streams).where(where),
      ]);
      const parties = await partiesById(ctx.db, rows.map((r) => r.performerId));
      const items = rows.map((row) => {
        const party = parties.get(row.performerId);
        return presentStream(row, party ? presentParty(ctx.config.publicOrigin, party) : undefined);
      });
      return list(items, total?.n ?? 0);
    },
  );
}

function adminRoutes(api: ApiScope, ctx: AppContext, hub: IngestHub) {
  api.post(
    paths['admin.streaming.end'],
    {
      schema: {
        tags: ['streaming', 'admin'],
        summary: 'Staff end a stream; `admin-end-session-stream` to its room and its creator',
        params: idParams,
        response: { 200: envelopeSchema(streamSchema) },
      },
    },
    async (request) => {
      const row = await findStream(ctx.db, request.params.id);
      if (!row || row.type !== 'public') throw notFound('streaming.not_found', 'There is no such stream');
      return ok(await withPerformer(ctx, await endStream(ctx, hub, row, true)));
    },
  );
}

/**
 * Public live streams over HLS: going live, the ingest WebSocket, signed playlists,
 * presence in `stream:{id}` rooms and the older clients' presence events, recordings. See README.md.
 */
async function register(api: ApiScope, ctx: AppContext, deps: DomainDeps): Promise<StreamingExtension> {
  const hub = createIngestHub(ctx, deps.get('auth'));
  const calls = noCallRule();
  hub.attach(api.server);
  api.addHook('preClose', async () => hub.closeAll());
  ctx.realtime.addRoomPolicy(STREAM_ROOM_PREFIX, streamRoomPolicy(ctx, calls), {
    joined: (userId, room) => void countViewer(ctx, room.slice(STREAM_ROOM_PREFIX.length), userId, 1).catch(() => undefined),
    left: (userId, room) => void countViewer(ctx, room.slice(STREAM_ROOM_PREFIX.length), userId, -1).catch(() => undefined),
  });
  registerStreamPresenceEvents(ctx, calls);
  creatorRoutes(api, ctx, hub, deps.get('notifications'));
  viewerRoutes(api, ctx);
  adminRoutes(api, ctx, hub);
  recordingRoutes(api, ctx);
  hlsRoutes(api, ctx, hub);
  return {
    registerCallAccess(access) {
      calls.check = access;
    },
  };
}

export default defineDomain({ name: 'streaming', dependsOn: ['accounts', 'auth', 'messaging', 'notifications'], register });
