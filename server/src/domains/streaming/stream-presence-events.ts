/**
 * Older clients' stream presence events (contract section 3): `public-stream/live|join|leave`
 * and `private-stream/live|join|leave`. They only move the sending socket in and out of the
 * stream's room `stream:{id}`, through the realtime layer's one path (the room's policy
 * decides, presence counts). `live` is presence only: it lets the stream's creator into the
 * room and never changes the stream's state; only the creator's authenticated ingest makes a
 * stream broadcast. Ownership and entitlement are read from the database on every event
 * (contract section 6, defect 4).
 */
import type { ErrorCode, StreamPresenceAnswer } from '@fandeck/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { isId } from '../../db/schema/ids.js';
import { streams, type StreamType } from './streaming.tables.js';
import type { ClientSocketContext, RoomPolicy } from '../../realtime/realtime.js';
import { presentStream, type StreamRow } from './streaming.presenter.js';
import { findStream, mayWatch, STREAM_ROOM_PREFIX, streamRoom, watcherById } from './streaming.service.js';
import type { CallRule } from './streaming.extension.js';

/** Why this user may not be in the stream's room now; null when they may. */
export async function roomRefusal(ctx: AppContext, userId: string | null, row: StreamRow, calls: CallRule): Promise<ErrorCode | null> {
  if (row.type === 'private') {
    const access = await calls.check(ctx, row.id, userId);
    return access === 'ok' ? null : access;
  }
  // No rule yet says who is in a group stream (none is ever made): its creator only.
  if (row.type === 'group') return userId === row.performerId && row.state !== 'finished' ? null : 'streaming.not_found';
  if (row.state === 'finished') return 'streaming.offline';
  const watcher = await watcherById(ctx.db, userId);
  if (await mayWatch(ctx, watcher, row)) return null;
  return watcher ? 'streaming.subscribers_only' : 'auth.sign_in_required';
}

/** The `stream:` room policy: a public stream's entitled viewers, a private call's fan and creator, never a finished stream. */
export const streamRoomPolicy =
  (ctx: AppContext, calls: CallRule): RoomPolicy =>
  async (userId, room) => {
    const row = await findStream(ctx.db, room.slice(STREAM_ROOM_PREFIX.length));
    return row !== null && (await roomRefusal(ctx, userId, row, calls)) === null;
  };

/** `""` means absent, as older clients send it. */
const reference = z
  .string()
  .max(64)
  .optional()
  .transform((value) => value || undefined);
const payloadSchema = z
  .object({ streamId: reference, conversationId: reference })
  .refine((body) => body.streamId !== undefined || body.conversationId !== undefined);
type Payload = z.infer<typeof payloadSchema>;

interface Kind {
  prefix: 'public-stream' | 'private-stream';
  types: readonly StreamType[];
  /** What anyone is told when the stream is not found or is of the other kind. */
  notFound: ErrorCode;
}
const KINDS: readonly Kind[] = [
  { prefix: 'public-stream', types: ['public'], notFound: 'streaming.not_found' },
  // A stranger is told a call does not exist, as the HTTP join and the SFU signaling do.
  { prefix: 'private-stream', types: ['private', 'group'], notFound: 'streaming.request_not_found' },
];

/**
 * The stream the payload names, if it is of this kind: by `streamId` (which wins), else the
 * conversation's stream that is not finished, else its latest (a creator's stream chat and a
 * pair's private conversation outlive their streams).
 */
async function resolveStream(db: DbOrTx, body: Payload, kind: Kind): Promise<StreamRow | null> {
  if (body.streamId !== undefined) {
    const row = await findStream(db, body.streamId);
    return row && kind.types.includes(row.type) ? row : null;
  }
  if (!body.conversationId || !isId(body.conversationId)) return null;
  const [row] = await db
    .select()
    .from(streams)
    .where(and(eq(streams.conversationId, body.conversationId), inArray(streams.type, [...kind.types])))
    .orderBy(sql`${streams.state} = 'finished'`, desc(streams.createdAt))
    .limit(1);
  return row ?? null;
}

const refuse = (code: ErrorCode): StreamPresenceAnswer => ({ ok: false, code });

/** Someone other than the creator asked to be the model: the fan of a call is told no, a stranger that it does not exist. */
async function notOwner(ctx: AppContext, userId: string | null, row: StreamRow, kind: Kind, calls: CallRule): Promise<ErrorCode> {
  if (row.type === 'public') return userId ? 'streaming.not_owner' : 'auth.sign_in_required';
  if (row.type === 'private' && (await calls.check(ctx, row.id, userId)) !== 'streaming.request_not_found') return 'streaming.not_owner';
  return kind.notFound;
}

type Action = (ctx: AppContext, userId: string | null, row: StreamRow, kind: Kind, socket: ClientSocketContext, calls: CallRule) => Promise<StreamPresenceAnswer>;

/** Enters the room as the policy allows; answers the stream as it is now, or why not. */
const enter: Action = async (ctx, userId, row, kind, socket, calls) => {
  if (await socket.join(streamRoom(row.id))) return { ok: true, stream: presentStream((await findStream(ctx.db, row.id)) ?? row) };
  return refuse((await roomRefusal(ctx, userId, row, calls)) ?? kind.notFound);
};

const ACTIONS: Record<'live' | 'join' | 'leave', Action> = {
  // Presence only: the stream's state is the ingest's to change, never this event's.
  live: async (ctx, userId, row, kind, socket, calls) => {
    if (!userId || userId !== row.performerId) return refuse(await notOwner(ctx, userId, row, kind, calls));
    return enter(ctx, userId, row, kind, socket, calls);
  },
  join: enter,
  leave: async (ctx, userId, row, kind, socket, calls) => {
    // A stranger learns nothing of a call; its two parties may always go, ended or not.
    if (row.type === 'private' && (await calls.check(ctx, row.id, userId)) === 'streaming.request_not_found') return refuse(kind.notFound);
    await socket.leave(streamRoom(row.id));
    return { ok: true };
  },
};

/** Serves the six events on `ctx.realtime` (when it offers `onClientEvent`). */
export function registerStreamPresenceEvents(ctx: AppContext, calls: CallRule): void {
  const on = ctx.realtime.onClientEvent?.bind(ctx.realtime);
  if (!on) return;
  for (const kind of KINDS) {
    for (const [name, action] of Object.entries(ACTIONS)) {
      on(`${kind.prefix}/${name}`, async (userId, payload, socket): Promise<StreamPresenceAnswer> => {
        const body = payloadSchema.safeParse(payload);
        if (!body.success) return refuse('request.invalid');
        try {
          const row = await resolveStream(ctx.db, body.data, kind);
          return row ? await action(ctx, userId, row, kind, socket, calls) : refuse(kind.notFound);
        } catch {
          return refuse('server.error');
        }
      });
    }
  }
}
