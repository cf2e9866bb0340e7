/**
 * Signaling of private calls over the live connection: `private-call/offer`,
 * `private-call/candidate`, `private-call/leave` (contract `ClientEvents`). Every event is
 * checked against the database: only the call's fan or its creator, only while its stream is
 * live (contract section 6, defect 4). Anyone else is told the call does not exist.
 */
import type { PrivateCallAnswer, ServerEvents } from '@fandeck/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { isId } from '../../../db/schema/ids.js';
import { privateStreamRequests, streams } from '../../../db/schema/index.js';
import { loadDataChannel, RoomFullError, Sfu, type SfuOptions } from './sfu.js';

type Access = 'ok' | 'streaming.request_not_found' | 'streaming.request_invalid_state';

/** Whether this user may be in this call now. */
export async function callAccess(ctx: AppContext, streamId: string, userId: string | null): Promise<Access> {
  if (!userId || !isId(streamId)) return 'streaming.request_not_found';
  const [row] = await ctx.db
    .select({ fan: privateStreamRequests.userId, creator: privateStreamRequests.performerId, state: streams.state, type: streams.type })
    .from(privateStreamRequests)
    .innerJoin(streams, eq(streams.id, privateStreamRequests.streamId))
    .where(eq(privateStreamRequests.streamId, streamId))
    .limit(1);
  if (!row || row.type !== 'private' || (row.fan !== userId && row.creator !== userId)) return 'streaming.request_not_found';
  return row.state === 'finished' ? 'streaming.request_invalid_state' : 'ok';
}

async function isLive(ctx: AppContext, streamId: string): Promise<boolean> {
  const [row] = await ctx.db.select({ state: streams.state }).from(streams).where(eq(streams.id, streamId)).limit(1);
  return row !== undefined && row.state !== 'finished';
}

const streamId = z.string().min(1).max(64);
const offerPayload = z.object({ streamId, sdp: z.string().min(1).max(64_000), connectionId: z.string().min(1).max(64).optional() });
const candidatePayload = z.object({ streamId, candidate: z.string().min(1).max(1000), mid: z.string().max(64) });
const leavePayload = z.object({ streamId });

export const PRIVATE_CALL_EVENTS = {
  offer: 'private-call/offer',
  candidate: 'private-call/candidate',
  leave: 'private-call/leave',
  closed: 'private-call/closed',
} as const;

export interface SfuHandle {
  /** The SFU once a first offer made it; null before, or when node-datachannel cannot load. */
  current(): Sfu | null;
  close(): void;
}

/**
 * Serves the signaling events on `ctx.realtime` (when it offers `onClientEvent`). The SFU,
 * and node-datachannel's native binary, are loaded on the first offer only.
 */
export function registerPrivateCallSignaling(ctx: AppContext, options: Omit<SfuOptions, 'isLive' | 'onDropped'> = {}): SfuHandle {
  let sfu: Sfu | null = null;
  let closed = false;
  const sfuNow = async (): Promise<Sfu | null> => {
    if (sfu || closed) return sfu;
    const dc = await loadDataChannel();
    if (!dc || closed) return null;
    sfu ??= new Sfu(dc, {
      portRangeBegin: ctx.config.sfu?.portRangeBegin,
      portRangeEnd: ctx.config.sfu?.portRangeEnd,
      ...options,
      isLive: (id) => isLive(ctx, id),
      onDropped: (id, userId, reason, connectionId) => {
        const payload: ServerEvents['private-call/closed'] = { streamId: id, reason, ...(connectionId ? { connectionId } : {}) };
        ctx.realtime.emitToUser(userId, PRIVATE_CALL_EVENTS.closed, payload);
      },
    });
    return sfu;
  };

  const on = ctx.realtime.onClientEvent?.bind(ctx.realtime);
  if (on) {
    on(PRIVATE_CALL_EVENTS.offer, async (userId, payload): Promise<PrivateCallAnswer> => {
      const body = offerPayload.safeParse(payload);
      if (!body.success) return { ok: false, code: 'request.invalid' };
      const access = await callAccess(ctx, body.data.streamId, userId);
      if (access !== 'ok') return { ok: false, code: access };
      const server = await sfuNow();
      if (!server) return { ok: false, code: 'streaming.not_configured' };
      try {
        return { ok: true, sdp: await server.join(body.data.streamId, userId!, body.data.sdp, body.data.connectionId) };
      } catch (error) {
        return { ok: false, code: error instanceof RoomFullError ? 'streaming.request_invalid_state' : 'request.invalid' };
      }
    });
    on(PRIVATE_CALL_EVENTS.candidate, async (userId, payload) => {
      const body = candidatePayload.safeParse(payload);
      if (!body.success || (await callAccess(ctx, body.data.streamId, userId)) !== 'ok') return { ok: false };
      try {
        return { ok: sfu?.addCandidate(body.data.streamId, userId!, body.data.candidate, body.data.mid) ?? false };
      } catch {
        return { ok: false };
      }
    });
    on(PRIVATE_CALL_EVENTS.leave, async (userId, payload) => {
      const body = leavePayload.safeParse(payload);
      if (!body.success || !userId) return { ok: false };
      // Leaving needs no live call: whoever is in the room may always go.
      sfu?.leave(body.data.streamId, userId, 'left');
      return { ok: true };
    });
  }

  return {
    current: () => sfu,
    close() {
      closed = true;
      sfu?.close();
      sfu = null;
    },
  };
}
