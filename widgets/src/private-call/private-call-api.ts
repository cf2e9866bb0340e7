/**
 * The private call's reads and writes over the page's session. Every call answers an
 * Outcome; none throws into the view. Paths are written out (each names its contract
 * route), as the other features' api files do.
 */
import type { PrivateCallJoinDto, PrivateStreamRequestDto, StreamDto } from '@fandeck/contract';
import { failure, success, type Outcome } from '../session/outcome.js';
import type { Session } from '../session/session.js';

const id = (value: string) => encodeURIComponent(value);
type Fields = Record<string, unknown>;
const fields = (value: unknown): Fields | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : null);

/**
 * The call's stream as the server answers it; null when the value is not one. The live
 * player reads streams the same way (live-player-api.ts), but features do not import each
 * other, and moving the reader into a shared module put it in a chunk of its own, which cost
 * `<fan-live-player>` 0.25 KB gzip before it is interactive: this short one stays here.
 */
function readStream(value: unknown): StreamDto | null {
  const stream = fields(value);
  if (!stream || typeof stream._id !== 'string' || typeof stream.performerId !== 'string') return null;
  const state = stream.state === 'broadcasting' || stream.state === 'finished' ? stream.state : 'created';
  return { ...(stream as unknown as StreamDto), state, startedAt: typeof stream.startedAt === 'string' ? stream.startedAt : null };
}

/** The request with its parties as the server answers it; null when the value is not one. */
export function readRequest(value: unknown): PrivateStreamRequestDto | null {
  const request = fields(value);
  if (!request || typeof request._id !== 'string' || typeof request.performerId !== 'string' || typeof request.userId !== 'string') return null;
  return {
    ...(request as unknown as PrivateStreamRequestDto),
    duration: typeof request.duration === 'number' && Number.isFinite(request.duration) ? request.duration : 0,
    streamId: typeof request.streamId === 'string' ? request.streamId : null,
  };
}

/** `streaming.privateJoin`: the call's stream and request, for its fan or its creator, once started. */
export async function fetchCall(session: Session, requestId: string): Promise<Outcome<PrivateCallJoinDto>> {
  const outcome = await session.api.streaming.privateJoin({ id: requestId }, {});
  if (!outcome.ok) return outcome;
  const answer = fields(outcome.value);
  const stream = readStream(answer?.stream);
  const request = readRequest(answer?.request);
  if (!answer || !stream || !request) return failure({ status: 200, message: '', body: outcome.value });
  // A call has no playlist: its media goes through the SFU (call-connection.ts).
  return success({ stream, request, canWatch: answer.canWatch === true, reason: null, playlistUrl: null, agora: null });
}

/** `streaming.end`: the creator ends the call's stream. */
export async function endCall(session: Session, streamId: string): Promise<Outcome<unknown>> {
  return session.api.streaming.end({ id: streamId }, {});
}
