/**
 * An acked client event (contract `ClientEvents`) over the live connection, for writes that have
 * an HTTP route as well: the socket is quicker (no request, no token lookup), the route is the
 * fallback. The caller sends over HTTP whenever this answers null.
 */
import { errorCodeOf, type ClientEvents, type ErrorCode } from '@fandeck/contract';
import { failureText, loadFailureTexts } from '../api/error-catalogue.js';
import { failure, success, type Outcome } from './outcome.js';
import type { Session } from './session.js';

/** How long an acked event waits before its caller falls back to HTTP. */
export const LIVE_ASK_TIMEOUT_MS = 5_000;
/**
 * Acks that say "ask the route instead": the socket does not know the fan (its sign-in was lost
 * or is being renewed) or could not decide. The route has the last word on both.
 */
const ROUTE_DECIDES: ReadonlySet<ErrorCode> = new Set(['auth.sign_in_required', 'server.error']);
/** A refusal over the socket has no HTTP status; its text and the model's decisions go by its code. */
export const LIVE_REFUSAL_STATUS = 400;

/**
 * Sends `event` when the connection is up and can carry an ack (the platform's own pages; a
 * partner page's bridge relays no acked event). Answers the ack `{ ok: true, ... }` read by
 * `read`, or the refusal `{ ok: false, code }` as a failure carrying the code's text. Null, so
 * the caller uses HTTP: not connected, no answer in time, an answer that is neither, or an ack
 * the route should decide. The event must be idempotent (a client id), as the fallback may
 * repeat a send the server did store.
 */
export async function askLive<E extends keyof ClientEvents, T>(
  session: Session,
  event: E,
  payload: ClientEvents[E],
  read: (answer: Record<string, unknown>) => T | null,
  timeoutMs = LIVE_ASK_TIMEOUT_MS,
): Promise<Outcome<T> | null> {
  const channel = session.live.channel.peek();
  if (!channel?.ask || session.live.status.peek() !== 'connected') return null;
  const answer = await channel.ask(event, payload, timeoutMs).catch(() => null);
  if (typeof answer !== 'object' || answer === null) return null;
  const ack = answer as Record<string, unknown>;
  if (ack.ok === true) {
    const value = read(ack);
    return value === null ? null : success(value);
  }
  const code = errorCodeOf(ack);
  if (ack.ok !== false || !code || ROUTE_DECIDES.has(code)) return null;
  const body = { code };
  await loadFailureTexts();
  return failure({ status: LIVE_REFUSAL_STATUS, code, message: failureText(LIVE_REFUSAL_STATUS, body), body });
}
