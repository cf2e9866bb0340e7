/**
 * Public streams: going live, ending, editing, who may watch, and presence counts. The
 * ingest (ingest.ts) turns the creator's slices into HLS; this file holds the rules.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { isId } from '../../db/schema/ids.js';
import { users } from '../accounts/accounts.tables.js';
import { userPermissions } from '../auth/auth.tables.js';
import { conversations } from '../messaging/messaging.tables.js';
import { streams } from './streaming.tables.js';
import { subscribedCreatorIds } from '../../content/entitlement.js';
import { forbidden, notFound } from '../../http/errors.js';
import { hasPermission, type AuthUser } from '../../http/guard.js';
import { presenceOf, type StreamRow } from './streaming.presenter.js';

export const STREAM_ROOM_PREFIX = 'stream:';
export const streamRoom = (streamId: string) => `${STREAM_ROOM_PREFIX}${streamId}`;

/** Who watches: enough of a user to decide entitlement. */
export type Watcher = Pick<AuthUser, 'id' | 'role' | 'permissions'> | null;

const NOT_FOUND = 'There is no such stream';
const NOT_OWNER = 'Only the stream’s creator may do this';

export async function findStream(db: DbOrTx, id: string): Promise<StreamRow | null> {
  if (!isId(id)) return null;
  const [row] = await db.select().from(streams).where(eq(streams.id, id)).limit(1);
  return row ?? null;
}

/** The creator's public stream that is not finished, if any (at most one: a partial unique index). */
export async function currentStream(db: DbOrTx, performerId: string): Promise<StreamRow | null> {
  const [row] = await db
    .select()
    .from(streams)
    .where(and(eq(streams.performerId, performerId), eq(streams.type, 'public'), ne(streams.state, 'finished')))
    .limit(1);
  return row ?? null;
}

export async function requireCurrentStream(db: DbOrTx, performerId: string, streamId?: string): Promise<StreamRow> {
  const row = streamId ? await findStream(db, streamId) : await currentStream(db, performerId);
  if (!row || row.type !== 'public' || row.state === 'finished') throw notFound('streaming.not_found', NOT_FOUND);
  if (row.performerId !== performerId) throw forbidden('streaming.not_owner', NOT_OWNER);
  return row;
}

/** A stream of this creator's to end: a public broadcast or a private call (its creator ends it for both sides). */
export async function requireOwnStream(db: DbOrTx, viewer: AuthUser, id: string): Promise<StreamRow> {
  const row = await findStream(db, id);
  if (!row || (row.type !== 'public' && row.type !== 'private')) throw notFound('streaming.not_found', NOT_FOUND);
  if (row.performerId !== viewer.id) throw forbidden('streaming.not_owner', NOT_OWNER);
  return row;
}

/**
 * The creator's stream chat (one `stream` conversation per creator), by the same rule as the
 * messaging domain's: insert ON CONFLICT DO NOTHING on its partial unique index, read back.
 */
async function streamConversationId(db: DbOrTx, performerId: string): Promise<string> {
  await db
    .insert(conversations)
    .values({ type: 'stream', performerId })
    .onConflictDoNothing({ target: conversations.performerId, where: sql`${conversations.type} = 'stream'` });
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.performerId, performerId), eq(conversations.type, 'stream')))
    .limit(1);
  return row!.id;
}

export interface StreamInfo {
  title?: string | undefined;
  description?: string | undefined;
  subscribersOnly?: boolean | undefined;
}

const infoValues = (info: StreamInfo) => ({
  ...(info.title !== undefined ? { title: info.title } : {}),
  ...(info.description !== undefined ? { description: info.description } : {}),
  ...(info.subscribersOnly !== undefined ? { subscribersOnly: info.subscribersOnly } : {}),
});

/**
 * The creator's live stream: the one not finished, or a new one. Concurrent calls meet on
 * the partial unique index and all answer the same stream. Fields given update it.
 * `created`: this call made the stream (exactly one of concurrent calls does).
 */
export async function goLive(ctx: AppContext, performerId: string, info: StreamInfo): Promise<{ row: StreamRow; created: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const conversationId = await streamConversationId(tx, performerId);
    const inserted = await tx
      .insert(streams)
      .values({ performerId, type: 'public', conversationId, ...infoValues(info) })
      .onConflictDoNothing({ target: streams.performerId, where: sql`${streams.type} = 'public' and ${streams.state} <> 'finished'` })
      .returning({ id: streams.id });
    let row = (await currentStream(tx, performerId))!;
    const changes = infoValues(info);
    if (Object.keys(changes).length > 0 || row.conversationId !== conversationId) {
      [row] = await tx
        .update(streams)
        .set({ ...changes, conversationId, updatedAt: ctx.now() })
        .where(eq(streams.id, row.id))
        .returning() as [StreamRow];
    }
    await tx.update(conversations).set({ streamId: row.id }).where(eq(conversations.id, conversationId));
    return { row, created: inserted.length > 0 };
  });
}

/** The public stream not finished whose chat is this conversation, if any (a tip sent in that chat is shown in its room). */
export async function openStreamOfConversation(db: DbOrTx, conversationId: string): Promise<StreamRow | null> {
  if (!isId(conversationId)) return null;
  const [row] = await db
    .select()
    .from(streams)
    .where(and(eq(streams.conversationId, conversationId), eq(streams.type, 'public'), ne(streams.state, 'finished')))
    .limit(1);
  return row ?? null;
}

export async function updateStream(ctx: AppContext, row: StreamRow, changes: Partial<Pick<StreamRow, 'title' | 'description' | 'subscribersOnly' | 'durationMinutes'>>): Promise<StreamRow> {
  const [updated] = await ctx.db
    .update(streams)
    .set({ ...changes, updatedAt: ctx.now() })
    .where(eq(streams.id, row.id))
    .returning();
  return updated!;
}

/** Marks it finished (once: a second call answers the finished row and changes nothing). */
export async function finishStream(ctx: AppContext, streamId: string): Promise<{ row: StreamRow; changed: boolean }> {
  const now = ctx.now();
  const [row] = await ctx.db
    .update(streams)
    .set({ state: 'finished', endedAt: now, viewerCount: 0, updatedAt: now })
    .where(and(eq(streams.id, streamId), ne(streams.state, 'finished')))
    .returning();
  if (row) return { row, changed: true };
  return { row: (await findStream(ctx.db, streamId))!, changed: false };
}

/** The ingest started or stopped: broadcasting (startedAt kept from the first start) or back to created. */
export async function setBroadcasting(ctx: AppContext, streamId: string, on: boolean): Promise<StreamRow | null> {
  const now = ctx.now();
  const [row] = await ctx.db
    .update(streams)
    .set(on ? { state: 'broadcasting', startedAt: sql`coalesce(${streams.startedAt}, ${now})`, updatedAt: now } : { state: 'created', updatedAt: now })
    .where(and(eq(streams.id, streamId), ne(streams.state, 'finished')))
    .returning();
  return row ?? null;
}

/** A stream by its id, or the latest public stream of a creator named by id or username. */
export async function streamForJoin(db: DbOrTx, idOrCreator: string): Promise<StreamRow | null> {
  const byId = await findStream(db, idOrCreator);
  if (byId) return byId;
  const match = isId(idOrCreator) ? eq(users.id, idOrCreator) : eq(sql`lower(${users.username})`, idOrCreator.toLowerCase());
  const [creator] = await db.select({ id: users.id }).from(users).where(and(match, eq(users.role, 'performer'))).limit(1);
  if (!creator) return null;
  const live = await currentStream(db, creator.id);
  if (live) return live;
  const [last] = await db
    .select()
    .from(streams)
    .where(and(eq(streams.performerId, creator.id), eq(streams.type, 'public')))
    .orderBy(desc(streams.createdAt))
    .limit(1);
  return last ?? null;
}

/** A user by id with their role and permissions (a socket knows only the id). */
export async function watcherById(db: DbOrTx, userId: string | null): Promise<Watcher> {
  if (!userId) return null;
  const [user] = await db.select({ id: users.id, role: users.role, status: users.status }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.status !== 'active') return null;
  const granted =
    user.role === 'manager' || user.role === 'admin'
      ? await db.select({ key: userPermissions.permissionKey }).from(userPermissions).where(eq(userPermissions.userId, user.id))
      : [];
  return { id: user.id, role: user.role, permissions: new Set(granted.map((g) => g.key)) };
}

/**
 * Who may watch: anyone an open stream; a subscribers-only one its creator, staff holding
 * `stream.view` (admins hold every permission) and the creator's active, unexpired subscribers.
 */
export async function mayWatch(ctx: AppContext, viewer: Watcher, row: StreamRow): Promise<boolean> {
  if (!row.subscribersOnly) return true;
  if (!viewer) return false;
  if (viewer.id === row.performerId) return true;
  if ((viewer.role === 'admin' || viewer.role === 'manager') && hasPermission({ ...viewer, status: 'active' }, 'stream.view')) return true;
  return (await subscribedCreatorIds(ctx.db, viewer.id, [row.performerId], ctx.now())).has(row.performerId);
}

/**
 * A socket entered or left `stream:{id}`: the count moves by one (never below 0; the
 * creator's own sockets do not count) and the room hears who and how many.
 */
export async function countViewer(ctx: AppContext, streamId: string, userId: string | null, step: 1 | -1): Promise<void> {
  const [row] = await ctx.db
    .update(streams)
    .set({ viewerCount: sql`greatest(${streams.viewerCount} + ${step}, 0)` })
    .where(and(eq(streams.id, streamId), ne(streams.state, 'finished'), userId ? ne(streams.performerId, userId) : sql`true`))
    .returning();
  if (!row) return;
  const event = presenceOf(row, userId ?? undefined);
  if (step > 0) ctx.realtime.emitToRoom(streamRoom(row.id), 'member-joined', event);
  ctx.realtime.emitToRoom(streamRoom(row.id), 'public-room-changed', event);
}
