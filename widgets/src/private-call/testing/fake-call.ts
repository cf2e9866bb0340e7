/**
 * Test stand-ins for the private call: its routes on the fake transport (the private join
 * and the creator's end), the SFU's signaling as the live channel's `ask` answers it
 * (server/src/domains/private-streams/sfu/sfu-signaling.ts), a scripted RTCPeerConnection
 * with the members call-connection.ts uses, and a camera whose tracks tell whether they
 * were stopped. Only tests import this file.
 */
import type { ErrorCode, PrivateCallAnswer, PrivateCallJoinDto, StreamDto } from '@fandeck/contract';
import { demoFan, fail, ok, type FakeLiveChannel, type FakeTransport, type RecordedCall } from '../../session/testing/fake-transport.js';

export const requestId = 'req-1';
export const streamId = 'stream-p1';
const ana = { _id: 'creator-1', name: 'Ana Lima', username: 'ana.lima', avatar: '' };

/** The call as `POST /streaming/private/{id}/join` answers it, its stream in `state`. */
export function callJoin(state: StreamDto['state'] = 'broadcasting'): PrivateCallJoinDto {
  const at = '2026-01-01T20:00:00.000Z';
  return {
    stream: {
      _id: streamId,
      performerId: ana._id,
      type: 'private',
      title: '',
      description: '',
      subscribersOnly: false,
      state,
      conversationId: 'conv-p1',
      viewerCount: 0,
      duration: 15,
      startedAt: at,
      endedAt: state === 'finished' ? at : null,
      createdAt: at,
      updatedAt: at,
    },
    request: {
      _id: requestId,
      performerId: ana._id,
      userId: demoFan._id,
      conversationId: 'conv-p1',
      status: 'approved',
      price: 30,
      duration: 15,
      note: '',
      streamId,
      createdAt: at,
      updatedAt: at,
      paid: true,
      performerInfo: ana,
      userInfo: { _id: demoFan._id, name: demoFan.name, username: demoFan.username, avatar: demoFan.avatar },
    },
    canWatch: true,
    reason: null,
    playlistUrl: null,
    agora: null,
  };
}

/** A refusal as the server sends it. */
export const refusal = (status: number, code: ErrorCode) => ({ status, code });
type Refusal = ReturnType<typeof refusal>;
const refused = ({ status, code }: Refusal) => fail(status, { statusCode: status, code, message: code, error: 'Refused' });

export interface SentOffer {
  streamId: string;
  sdp: string;
  connectionId?: string;
}

/** How the SFU answers one offer: an answer (or refusal), or no answer at all (the ack times out). */
export type OfferReply = PrivateCallAnswer | 'no-answer';

export interface FakeCallServer {
  /** What the private join answers: the call with its stream in this state, or a refusal. */
  join: StreamDto['state'] | Refusal;
  /** What `PUT /streaming/live/{streamId}` (the creator's end) answers. */
  end: 'ok' | Refusal;
  joinCalls(): RecordedCall[];
  endCalls(): RecordedCall[];
  /** Every offer, in order. */
  readonly offers: SentOffer[];
  /** Every `private-call/leave`, in order. */
  readonly leaves: { streamId: string }[];
  /** Answers each offer, now or when the test settles the promise; by default the SFU's answer. */
  answer: (offer: SentOffer) => OfferReply | Promise<OfferReply>;
  /** Every event asked over the channel, in order (offers and leaves included). */
  readonly asked: string[];
}

export const sfuAnswer = { ok: true, sdp: 'v=0\r\no=- fake-sfu-answer\r\n' } satisfies PrivateCallAnswer;

/** Serves the call's routes on `transport` and its signaling on `channel` (which gets an `ask`). */
export function serveCall(transport: FakeTransport, channel: FakeLiveChannel): FakeCallServer {
  const joinPath = `/streaming/private/${requestId}/join`;
  const endPath = `/streaming/live/${streamId}`;
  const server: FakeCallServer = {
    join: 'broadcasting',
    end: 'ok',
    joinCalls: () => transport.calls.filter((call) => call.method === 'POST' && call.path === joinPath),
    endCalls: () => transport.calls.filter((call) => call.method === 'PUT' && call.path === endPath),
    offers: [],
    leaves: [],
    asked: [],
    answer: () => sfuAnswer,
  };
  transport.respond('POST', joinPath, () => (typeof server.join === 'string' ? ok(callJoin(server.join)) : refused(server.join)));
  transport.respond('PUT', endPath, () => (server.end === 'ok' ? ok({ success: true }) : refused(server.end)));
  channel.ask = async (event, payload) => {
    server.asked.push(event);
    if (event === 'private-call/leave') {
      server.leaves.push(payload as { streamId: string });
      return { ok: true };
    }
    if (event !== 'private-call/offer') throw new Error(`no ack for ${event}`);
    const offer = payload as SentOffer;
    server.offers.push(offer);
    const reply = await server.answer(offer);
    // The real ask rejects when the ack does not come in time.
    if (reply === 'no-answer') throw new Error('operation has timed out');
    return reply;
  };
  return server;
}

/** A promise the test settles later. */
export function deferred<T>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** An RTCPeerConnection as far as call-connection.ts uses one; the test moves its connection state. */
export class FakePeer extends EventTarget {
  readonly transceivers: { trackOrKind: MediaStreamTrack | string; init?: RTCRtpTransceiverInit }[] = [];
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  iceGatheringState: RTCIceGatheringState = 'complete';
  connectionState: RTCPeerConnectionState = 'new';
  closed = false;

  constructor(
    readonly config: RTCConfiguration,
    readonly index: number,
  ) {
    super();
  }

  addTransceiver(trackOrKind: MediaStreamTrack | string, init?: RTCRtpTransceiverInit): RTCRtpTransceiver {
    this.transceivers.push({ trackOrKind, init });
    return { setCodecPreferences: () => undefined } as unknown as RTCRtpTransceiver;
  }
  async createOffer(): Promise<RTCSessionDescriptionInit> {
    return { type: 'offer', sdp: `v=0\r\no=- fake-offer-${this.index}\r\n` };
  }
  async setLocalDescription(description: RTCSessionDescriptionInit): Promise<void> {
    this.localDescription = description;
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
    this.remoteDescription = description;
  }
  close(): void {
    this.closed = true;
    this.connectionState = 'closed';
  }
  /** Moves the connection state, as ICE and DTLS would; a closed connection fires nothing, as in a browser. */
  setState(state: RTCPeerConnectionState): void {
    if (this.closed) return;
    this.connectionState = state;
    this.dispatchEvent(new Event('connectionstatechange'));
  }
  /** The other party's track arrives. */
  receive(track: MediaStreamTrack): void {
    this.dispatchEvent(Object.assign(new Event('track'), { track }));
  }
}

/** `createPeer` for the model's deps, keeping every peer it made. */
export function fakePeers(): { peers: FakePeer[]; createPeer: (config: RTCConfiguration) => RTCPeerConnection; latest(): FakePeer } {
  const peers: FakePeer[] = [];
  return {
    peers,
    createPeer(config) {
      const peer = new FakePeer(config, peers.length + 1);
      peers.push(peer);
      return peer as unknown as RTCPeerConnection;
    },
    latest() {
      const peer = peers.at(-1);
      if (!peer) throw new Error('no peer connection was made');
      return peer;
    },
  };
}

export interface FakeTrack {
  readonly kind: 'audio' | 'video';
  enabled: boolean;
  stopped: boolean;
  stop(): void;
}

/** A camera and microphone as getUserMedia answers them; the tracks record `enabled` and `stop()`. */
export function fakeCamera(): { stream: MediaStream; audio: FakeTrack; video: FakeTrack } {
  const track = (kind: FakeTrack['kind']): FakeTrack => ({
    kind,
    enabled: true,
    stopped: false,
    stop() {
      this.stopped = true;
    },
  });
  const audio = track('audio');
  const video = track('video');
  const stream = {
    id: 'fake-camera',
    getTracks: () => [audio, video],
    getAudioTracks: () => [audio],
    getVideoTracks: () => [video],
  } as unknown as MediaStream;
  return { stream, audio, video };
}
