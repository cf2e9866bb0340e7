/**
 * Signaling that reached a process which does not own the call's room goes on to the owner
 * over socket.io's server-side events (Redis adapter, `realtime.serverSideEmit`): every other
 * process hears the request, only the one it names answers. Answers come back through the
 * adapter's ack; a process that does not answer within `SERVER_EVENT_TIMEOUT_MS` is taken as
 * gone. The messages travel only between our own processes over Redis, yet the owner still
 * checks the user against the database before it acts on them.
 */
import { z } from 'zod';
import type { Realtime } from '../../../realtime/realtime.js';

export const FORWARD_EVENT = 'private-call/forward';

export type ForwardKind = 'offer' | 'candidate' | 'leave';

const request = z.object({
  to: z.string().min(1).max(64),
  kind: z.enum(['offer', 'candidate', 'leave']),
  userId: z.string().min(1).max(64),
  body: z.unknown(),
});
const response = z.object({ from: z.string(), moved: z.literal(true).optional(), answer: z.unknown() });

/** The owner did not answer (gone, or too slow): its claim may be stale. */
export const NO_ANSWER = Symbol('no answer');
/** The process asked no longer holds the room: ask Redis for the owner again. */
export const MOVED = Symbol('moved');

/** What the owner does with a forwarded request; `MOVED` when the room is not (or no longer) its own. */
export type ForwardedHandler = (kind: ForwardKind, userId: string, body: unknown) => Promise<unknown>;

/** Sends a request to the owner process `to`; its answer, or `NO_ANSWER` / `MOVED`. */
export async function forward(realtime: Realtime, to: string, kind: ForwardKind, userId: string, body: unknown): Promise<unknown> {
  const responses = (await realtime.serverSideEmit?.(FORWARD_EVENT, { to, kind, userId, body })) ?? [];
  for (const raw of responses) {
    const parsed = response.safeParse(raw);
    if (!parsed.success || parsed.data.from !== to) continue;
    return parsed.data.moved ? MOVED : parsed.data.answer;
  }
  return NO_ANSWER;
}

/** Serves the requests forwarded to `processId`; the others' answer null. */
export function serveForwarded(realtime: Realtime, processId: string, handle: ForwardedHandler): void {
  realtime.onServerEvent?.(FORWARD_EVENT, async (raw) => {
    const parsed = request.safeParse(raw);
    if (!parsed.success || parsed.data.to !== processId) return null;
    // An owner that failed still answered: the asker must not take it for gone.
    const failed = parsed.data.kind === 'offer' ? { ok: false, code: 'server.error' } : { ok: false };
    const answer = await handle(parsed.data.kind, parsed.data.userId, parsed.data.body).catch(() => failed);
    return answer === MOVED ? { from: processId, moved: true } : { from: processId, answer };
  });
}
