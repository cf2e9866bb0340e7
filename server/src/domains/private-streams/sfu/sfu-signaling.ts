/**
 * Signaling of private calls over the live connection: `private-call/offer`,
 * `private-call/candidate`, `private-call/leave` (contract `ClientEvents`). Every event is
 * checked against the database: only the call's fan or its creator, only while its stream is
 * live (contract section 6, defect 4). Anyone else is told the call does not exist.
 *
 * With Redis (several processes), each room has one owner process (room-owners.ts): signaling
 * that reaches another process is forwarded to it (sfu-forwarding.ts), which checks access
 * again against the database. Without Redis everything is served here.
 */
import type { PrivateCallAnswer, ServerEvents } from '@fandeck/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { isId } from '../../../db/schema/ids.js';
import { streams } from '../../streaming/streaming.tables.js';
import { privateStreamRequests } from '../private-streams.tables.js';
import { redisRoomOwners, type RoomOwners } from './room-owners.js';
import { loadDataChannel, RoomFullError, Sfu, type SfuOptions } from './sfu.js';
import { forward, MOVED, NO_ANSWER, serveForwarded, type ForwardKind } from './sfu-forwarding.js';

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
  /** This process's SFU once a first offer made it; null before, or when node-datachannel cannot load. */
  current(): Sfu | null;
  close(): Promise<void>;
}

type OfferBody = z.infer<typeof offerPayload>;
type CandidateBody = z.infer<typeof candidatePayload>;

/**
 * Serves the signaling events on `ctx.realtime` (when it offers `onClientEvent`). The SFU,
 * and node-datachannel's native binary, are loaded on the first offer only.
 */
export function registerPrivateCallSignaling(ctx: AppContext, options: Omit<SfuOptions, 'isLive' | 'onDropped' | 'onRoomClosed'> = {}): SfuHandle {
  let sfu: Sfu | null = null;
  let closed = false;
  // Offers, candidates and leaves being served here, by stream: their room's claim is kept meanwhile.
  const inFlight = new Map<string, number>();
  const isOpen = (id: string) => (inFlight.get(id) ?? 0) > 0 || (sfu?.participantsOf(id).length ?? 0) > 0;
  const { redisUrl } = ctx.config;
  const clustered = Boolean(redisUrl && ctx.realtime.serverSideEmit && ctx.realtime.onServerEvent);
  // A room this process was taken for dead on is closed here: its party reconnects to the new owner.
  const owners: RoomOwners | null = clustered ? redisRoomOwners(redisUrl!, isOpen, (id) => sfu?.closeRoom(id, 'failed')) : null;
  const releaseIfIdle = (id: string) => {
    if (owners && !isOpen(id)) void owners.release(id).catch(() => undefined);
  };
  const tracked = async <T>(id: string, work: () => Promise<T>): Promise<T> => {
    inFlight.set(id, (inFlight.get(id) ?? 0) + 1);
    try {
      return await work();
    } finally {
      const left = (inFlight.get(id) ?? 1) - 1;
      if (left > 0) inFlight.set(id, left);
      else inFlight.delete(id);
      releaseIfIdle(id);
    }
  };

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
        // Reaches the user's sockets on every process.
        ctx.realtime.emitToUser(userId, PRIVATE_CALL_EVENTS.closed, payload);
      },
      onRoomClosed: releaseIfIdle,
    });
    return sfu;
  };

  // What the room's owner does; access was checked by the caller.
  const joinHere = async (userId: string, body: OfferBody): Promise<PrivateCallAnswer> => {
    const server = await sfuNow();
    if (!server) return { ok: false, code: 'streaming.not_configured' };
    try {
      return { ok: true, sdp: await server.join(body.streamId, userId, body.sdp, body.connectionId) };
    } catch (error) {
      return { ok: false, code: error instanceof RoomFullError ? 'streaming.request_invalid_state' : 'request.invalid' };
    }
  };
  const candidateHere = (userId: string, body: CandidateBody) => {
    try {
      return { ok: sfu?.addCandidate(body.streamId, userId, body.candidate, body.mid) ?? false };
    } catch {
      return { ok: false };
    }
  };

  /** The offer goes to the room's owner: this process when it holds (or now takes) the claim. */
  const routeOffer = (userId: string, body: OfferBody): Promise<PrivateCallAnswer> =>
    tracked(body.streamId, async () => {
      if (!owners) return joinHere(userId, body);
      try {
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const owner = await owners.claim(body.streamId);
          if (owner === owners.processId) return joinHere(userId, body);
          const answer = await forward(ctx.realtime, owner, 'offer', userId, body);
          // The owner is gone (or hung): its claim is dropped and the next round takes the room.
          if (answer === NO_ANSWER) await owners.evict(body.streamId, owner);
          else if (answer !== MOVED) return answer as PrivateCallAnswer;
        }
      } catch {
        // Redis unreachable: no owner can be known.
      }
      return { ok: false, code: 'server.error' };
    });

  /** Candidates and leaves go to the owner when another process holds the room; else here. */
  const routeOther = async (kind: 'candidate' | 'leave', userId: string, body: CandidateBody | z.infer<typeof leavePayload>, here: () => unknown) => {
    const owner = owners ? await owners.ownerOf(body.streamId) : null;
    if (!owners || !owner || owner === owners.processId) return tracked(body.streamId, async () => here());
    const answer = await forward(ctx.realtime, owner, kind, userId, body);
    return answer === NO_ANSWER || answer === MOVED ? { ok: kind === 'leave' } : answer;
  };

  if (owners) {
    serveForwarded(ctx.realtime, owners.processId, async (kind: ForwardKind, userId, payload) => {
      // Forwarded by our own processes, and still checked here against the database.
      if (kind === 'offer') {
        const body = offerPayload.safeParse(payload);
        if (!body.success) return { ok: false, code: 'request.invalid' };
        const access = await callAccess(ctx, body.data.streamId, userId);
        if (access !== 'ok') return { ok: false, code: access };
        return tracked(body.data.streamId, async () => ((await owners.claim(body.data.streamId)) === owners.processId ? joinHere(userId, body.data) : MOVED));
      }
      if (kind === 'candidate') {
        const body = candidatePayload.safeParse(payload);
        if (!body.success || (await callAccess(ctx, body.data.streamId, userId)) !== 'ok') return { ok: false };
        return tracked(body.data.streamId, async () => candidateHere(userId, body.data));
      }
      const body = leavePayload.safeParse(payload);
      if (!body.success) return { ok: false };
      sfu?.leave(body.data.streamId, userId, 'left');
      return { ok: true };
    });
  }

  const on = ctx.realtime.onClientEvent?.bind(ctx.realtime);
  if (on) {
    on(PRIVATE_CALL_EVENTS.offer, async (userId, payload): Promise<PrivateCallAnswer> => {
      const body = offerPayload.safeParse(payload);
      if (!body.success) return { ok: false, code: 'request.invalid' };
      // Checked here first, so a stranger is refused on any process without a word to the owner.
      const access = await callAccess(ctx, body.data.streamId, userId);
      if (access !== 'ok') return { ok: false, code: access };
      return routeOffer(userId!, body.data);
    });
    on(PRIVATE_CALL_EVENTS.candidate, async (userId, payload) => {
      const body = candidatePayload.safeParse(payload);
      if (!body.success || (await callAccess(ctx, body.data.streamId, userId)) !== 'ok') return { ok: false };
      return routeOther('candidate', userId!, body.data, () => candidateHere(userId!, body.data));
    });
    on(PRIVATE_CALL_EVENTS.leave, async (userId, payload) => {
      const body = leavePayload.safeParse(payload);
      if (!body.success || !userId) return { ok: false };
      // Leaving needs no live call: whoever is in the room may always go.
      return routeOther('leave', userId, body.data, () => {
        sfu?.leave(body.data.streamId, userId, 'left');
        return { ok: true };
      });
    });
  }

  return {
    current: () => sfu,
    async close() {
      closed = true;
      sfu?.close();
      sfu = null;
      await owners?.close();
    },
  };
}
