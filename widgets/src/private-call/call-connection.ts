/**
 * One WebRTC connection from this browser to the platform's SFU for a private call
 * (server/src/domains/private-streams/sfu). The browser talks only to the server, never
 * to the other party: no STUN or TURN, the server answers with its own addresses, and
 * the media goes through it. Signaling is the live connection's acked events
 * `private-call/offer` and `private-call/leave`; the offer is sent once ICE gathering is
 * complete (the server takes a full offer), with VP8 preferred for video, since the SFU
 * answers VP8 and Opus only.
 */
import type { ErrorCode, PrivateCallAnswer } from '@fandeck/contract';
import type { LiveChannel } from '../session/transport.js';

export const CALL_EVENTS = {
  offer: 'private-call/offer',
  leave: 'private-call/leave',
  closed: 'private-call/closed',
} as const;

/** How long the browser may gather its own candidates before the offer goes anyway. */
export const GATHER_TIMEOUT_MS = 3000;
/** How long the server may take to answer an offer (it gathers its own candidates first). */
export const OFFER_TIMEOUT_MS = 15_000;

export type ConnectionPhase = 'connecting' | 'connected' | 'interrupted' | 'failed' | 'closed';

export interface CallConnectionOptions {
  channel: LiveChannel;
  streamId: string;
  /** This connection's name, sent with the offer; the SFU names it when it drops it. */
  connectionId: string;
  /** This side's camera and microphone; null joins to watch and listen only. */
  local: MediaStream | null;
  onPhase(phase: ConnectionPhase): void;
  /** The other party's media, as its tracks arrive. */
  onRemote(stream: MediaStream): void;
  createPeer?: (config: RTCConfiguration) => RTCPeerConnection;
}

export interface CallConnection {
  close(options?: { tellServer?: boolean }): void;
}

/** Why an offer was not answered: the server's refusal code, or `network` for no answer at all. */
export class OfferRefused extends Error {
  constructor(readonly code: ErrorCode | 'network') {
    super(code);
  }
}

/** Puts VP8 first where the browser lets a page order its codecs (the SFU refuses the others anyway). */
function preferVp8(transceiver: RTCRtpTransceiver): void {
  const capabilities = typeof RTCRtpReceiver !== 'undefined' ? RTCRtpReceiver.getCapabilities?.('video') : null;
  if (!capabilities || typeof transceiver.setCodecPreferences !== 'function') return;
  const vp8 = capabilities.codecs.filter((codec) => codec.mimeType.toLowerCase() === 'video/vp8');
  const rest = capabilities.codecs.filter((codec) => /\/(rtx|red|ulpfec)$/i.test(codec.mimeType));
  if (vp8.length > 0) transceiver.setCodecPreferences([...vp8, ...rest]);
}

function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, GATHER_TIMEOUT_MS);
    function done() {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', check);
      resolve();
    }
    function check() {
      if (pc.iceGatheringState === 'complete') done();
    }
    pc.addEventListener('icegatheringstatechange', check);
  });
}

/**
 * Connects: resolves once the server answered (media may still be on its way; `onPhase`
 * says when it flows), rejects with OfferRefused when the server refused or never answered.
 */
export async function connectCall(options: CallConnectionOptions): Promise<CallConnection> {
  const { channel, streamId, local } = options;
  if (!channel.ask) throw new OfferRefused('bridge.route_not_allowed');
  const pc = (options.createPeer ?? ((config) => new RTCPeerConnection(config)))({ iceServers: [], bundlePolicy: 'max-bundle' });
  let closed = false;
  const remote = new MediaStream();
  const phase = (next: ConnectionPhase) => {
    if (!closed) options.onPhase(next);
  };

  for (const kind of ['audio', 'video'] as const) {
    const track = local?.getTracks().find((t) => t.kind === kind) ?? null;
    const transceiver = track ? pc.addTransceiver(track, { direction: 'sendrecv', streams: [local!] }) : pc.addTransceiver(kind, { direction: 'recvonly' });
    if (kind === 'video') preferVp8(transceiver);
  }
  pc.addEventListener('track', (event) => {
    if (!remote.getTracks().includes(event.track)) remote.addTrack(event.track);
    if (!closed) options.onRemote(remote);
  });
  pc.addEventListener('connectionstatechange', () => {
    const state = pc.connectionState;
    if (state === 'connected') phase('connected');
    else if (state === 'disconnected') phase('interrupted');
    else if (state === 'failed') phase('failed');
  });

  const connection: CallConnection = {
    close({ tellServer = true } = {}) {
      if (closed) return;
      closed = true;
      pc.close();
      if (tellServer) void channel.ask?.(CALL_EVENTS.leave, { streamId }, 5000).catch(() => undefined);
    },
  };

  phase('connecting');
  try {
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    const sdp = pc.localDescription?.sdp ?? '';
    const answer = (await channel.ask(CALL_EVENTS.offer, { streamId, sdp, connectionId: options.connectionId }, OFFER_TIMEOUT_MS).catch(() => null)) as PrivateCallAnswer | null;
    if (!answer || typeof answer !== 'object') throw new OfferRefused('network');
    if (!answer.ok) throw new OfferRefused(answer.code);
    if (closed) return connection;
    await pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
  } catch (error) {
    connection.close({ tellServer: false });
    throw error instanceof OfferRefused ? error : new OfferRefused('network');
  }
  return connection;
}
