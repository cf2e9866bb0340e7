/**
 * The host's calls of the private call routes (contract `streaming.private*`, server
 * domain private-streams), and the fan's payment of a call: the money action
 * `charge:stream` on the request id, sent through the session's transport with an
 * Idempotency-Key kept only for retries of the same payment (widgets' money-action.ts).
 */
import { LIMITS, type PrivateStreamRequestDto } from '@fandeck/contract';
import { createPayKeys, isDeclined, runPay, type PayKeys } from '@fandeck/widgets/session';
import { session, type ActionError, type Outcome } from '../../session/session.js';

export type PrivateCall = PrivateStreamRequestDto;

/** The contract's limits on a request (minutes, and the note's length); 15 minutes unless the fan picks another. */
export const CALL_DURATION = { min: LIMITS.privateCall.minutesMin, max: LIMITS.privateCall.minutesMax, default: 15 } as const;
export const NOTE_MAX = LIMITS.privateCall.noteMax;

/** Where the call itself is held (the call room page). */
export const callRoomPath = (requestId: string) => `/calls/${encodeURIComponent(requestId)}`;


export function requestCall(body: { performerId: string; duration: number; note: string }): Promise<Outcome<PrivateCall>> {
  // An empty note is absent (the server takes "" the same way).
  return session.api.streaming.privateRequest({ performerId: body.performerId, duration: body.duration, ...(body.note.trim() ? { note: body.note.trim() } : {}) });
}

export type CreatorAction = 'approve' | 'reject' | 'start';

/** The creator's `approve`, `reject` or `start`: each answers the request (`start` with its `streamId`). */
export function decideCall(id: string, action: CreatorAction): Promise<Outcome<PrivateCall>> {
  const decide = { approve: session.api.streaming.privateApprove, reject: session.api.streaming.privateReject, start: session.api.streaming.privateStart }[action];
  return decide({ id }, {});
}

export function editCall(id: string, body: { duration: number; note: string }): Promise<Outcome<PrivateCall>> {
  return session.api.streaming.privateEdit({ id }, { duration: body.duration, note: body.note.trim() });
}

export function deleteCall(id: string): Promise<Outcome<PrivateCall>> {
  return session.api.streaming.privateDelete({ id });
}

/** One Idempotency-Key holder per request paid from this page, so a retry of the same payment is the same payment. */
const payKeys = new Map<string, PayKeys>();

export type PayResult = { ok: true } | { ok: false; declined: true } | { ok: false; declined: false; error: ActionError };

/** The fan pays an approved call: quote, the platform's confirm, then the charge. */
export async function payCall(id: string): Promise<PayResult> {
  let keys = payKeys.get(id);
  if (!keys) payKeys.set(id, (keys = createPayKeys()));
  const outcome = await runPay<unknown>(session.transport, keys, { action: 'charge:stream', params: { id }, body: {} });
  if (outcome.ok) return { ok: true };
  if (isDeclined(outcome.error)) return { ok: false, declined: true };
  return { ok: false, declined: false, error: outcome.error };
}

/** A number typed in a minutes field, when it is a whole number within the limits. */
export function readDuration(text: string): number | null {
  const value = Number(text);
  return Number.isInteger(value) && value >= CALL_DURATION.min && value <= CALL_DURATION.max ? value : null;
}
