/**
 * The private call's state machine against a fake server: the private join and the end on
 * the fake transport, the SFU's signaling as the live channel's `ask` answers it, and
 * scripted peer connections (testing/fake-call.ts). The browser run
 * (test/e2e/private-call.test.ts) covers the happy path with real media; these cover the
 * refusals, drops, races and teardown it does not reach. Reconnects wait 0 ms (injected
 * back-off); every wait is on a condition.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { disposeModel } from '../session/feature.js';
import type { OwnedSession } from '../session/session.js';
import type { FakeLiveChannel, FakeTransport } from '../session/testing/fake-transport.js';
import { signedInFan } from '../session/testing/signed-in.js';
import { MAX_RECONNECTS, PrivateCallModel, type CallStep, type PrivateCall } from './private-call.model.js';
import { deferred, fakeCamera, fakePeers, refusal, requestId, serveCall, sfuAnswer, streamId, type FakeCallServer, type OfferReply } from './testing/fake-call.js';

let transport: FakeTransport;
let session: OwnedSession;
let channel: FakeLiveChannel;
let server: FakeCallServer;
let peers: ReturnType<typeof fakePeers>;
let camera: ReturnType<typeof fakeCamera>;
let getUserMedia: ReturnType<typeof vi.fn<(constraints: MediaStreamConstraints) => Promise<MediaStream>>>;
let delays: number[];
let model: PrivateCall;

const waitFor = <T>(check: () => T) => vi.waitFor(check, { interval: 5 });
const stepOf = (): CallStep['step'] => model.step.value.step;
const denied = () => new DOMException('Permission denied', 'NotAllowedError');

beforeEach(async () => {
  ({ transport, session } = await signedInFan());
  await waitFor(() => expect(transport.channel).not.toBeNull());
  channel = transport.channel!;
  channel.setStatus('connected');
  server = serveCall(transport, channel);
  peers = fakePeers();
  camera = fakeCamera();
  getUserMedia = vi.fn(async () => camera.stream);
  delays = [];
});

afterEach(() => {
  if (model) disposeModel(model);
  session.dispose();
});

function create(): PrivateCall {
  model = new PrivateCallModel(session, requestId, {
    getUserMedia: (constraints) => getUserMedia(constraints),
    createPeer: peers.createPeer,
    backoff: (attempt) => (delays.push(attempt), 0),
  });
  return model;
}

async function lobby(): Promise<PrivateCall> {
  await create().open();
  expect(stepOf()).toBe('lobby');
  return model;
}

/** Joins and lets the peer connect: in call on connection 1. */
async function inCall(): Promise<void> {
  await lobby();
  await model.join();
  peers.latest().setState('connected');
  expect(stepOf()).toBe('in-call');
}

/** Waits for offer `n` to be answered, then connects its peer. */
async function connects(n: number): Promise<void> {
  await waitFor(() => expect(peers.peers[n - 1]?.remoteDescription).toBeTruthy());
  peers.peers[n - 1]!.setState('connected');
  await waitFor(() => expect(stepOf()).toBe('in-call'));
}

const closedEvent = (reason: string, connectionId?: string, stream = streamId) =>
  channel.serverEmit('private-call/closed', { streamId: stream, reason, ...(connectionId ? { connectionId } : {}) });

describe('private call model: open()', () => {
  it('is unavailable, with the error, when the join is refused, and never asks for the camera', async () => {
    server.join = refusal(404, 'streaming.request_not_found');
    await create().open();
    expect(model.step.value).toMatchObject({ step: 'unavailable', error: { status: 404, code: 'streaming.request_not_found' } });
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(model.camera.value).toBe('idle');
  });

  it('is ended when the call has finished, without the camera', async () => {
    server.join = 'finished';
    await create().open();
    expect(model.step.value).toMatchObject({ step: 'ended', call: { stream: { _id: streamId, state: 'finished' } } });
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('is the lobby with the camera ready and the preview set', async () => {
    await lobby();
    expect(model.step.value).toMatchObject({ step: 'lobby', call: { request: { _id: requestId }, stream: { _id: streamId } } });
    expect(model.camera.value).toBe('ready');
    expect(model.local.value).toBe(camera.stream);
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: true, video: expect.anything() }));
    expect(server.offers).toEqual([]);
  });

  it('stays in the lobby with the camera denied when permission is refused', async () => {
    getUserMedia.mockRejectedValue(denied());
    await lobby();
    expect(model.camera.value).toBe('denied');
    expect(model.local.value).toBeNull();
  });

  it('says the camera is unavailable for any other getUserMedia error', async () => {
    getUserMedia.mockRejectedValue(new DOMException('Requested device not found', 'NotFoundError'));
    await lobby();
    expect(model.camera.value).toBe('unavailable');
    getUserMedia.mockRejectedValue(new TypeError('no mediaDevices'));
    await create().open();
    expect(model.camera.value).toBe('unavailable');
  });
});

describe('private call model: join()', () => {
  it('offers the camera to the SFU with the stream, the sdp and a connection id, and is in call once connected', async () => {
    await lobby();
    const held = deferred<OfferReply>();
    server.answer = () => held.promise;
    const joining = model.join();
    await waitFor(() => expect(server.offers).toHaveLength(1));
    expect(stepOf()).toBe('connecting');
    const peer = peers.latest();
    expect(peer.config).toMatchObject({ iceServers: [] });
    expect(peer.transceivers.map(({ trackOrKind, init }) => [typeof trackOrKind === 'string' ? trackOrKind : trackOrKind.kind, init?.direction])).toEqual([
      ['audio', 'sendrecv'],
      ['video', 'sendrecv'],
    ]);
    const [offer] = server.offers;
    expect(offer).toMatchObject({ streamId, sdp: peer.localDescription?.sdp });
    expect(offer!.sdp).toContain('fake-offer-1');
    expect(offer!.connectionId).toEqual(expect.any(String));
    expect(offer!.connectionId!.length).toBeGreaterThan(0);
    held.resolve(sfuAnswer);
    await joining;
    expect(peer.remoteDescription).toEqual({ type: 'answer', sdp: sfuAnswer.sdp });
    expect(stepOf()).toBe('connecting');
    peer.setState('connected');
    expect(stepOf()).toBe('in-call');
  });

  it('joins to watch and listen only when the camera was denied', async () => {
    getUserMedia.mockRejectedValue(denied());
    await lobby();
    await model.join();
    expect(peers.latest().transceivers.map(({ trackOrKind, init }) => [trackOrKind, init?.direction])).toEqual([
      ['audio', 'recvonly'],
      ['video', 'recvonly'],
    ]);
  });

  it('fails with the refusal code, after reading the call again, and does not retry', async () => {
    await lobby();
    server.answer = () => ({ ok: false, code: 'streaming.request_not_found' });
    await model.join();
    expect(model.step.value).toMatchObject({ step: 'failed', code: 'streaming.request_not_found' });
    // open, join, and the read after the refusal.
    expect(server.joinCalls()).toHaveLength(3);
    expect(delays).toEqual([]);
    expect(peers.latest().closed).toBe(true);
  });

  it('fails with the refusal code when reading the call again is refused too', async () => {
    await lobby();
    server.answer = () => {
      server.join = refusal(404, 'streaming.request_not_found');
      return { ok: false, code: 'streaming.request_not_found' };
    };
    await model.join();
    expect(model.step.value).toMatchObject({ step: 'failed', code: 'streaming.request_not_found' });
  });

  it('is ended when the offer is refused because the call finished', async () => {
    await lobby();
    server.answer = () => {
      server.join = 'finished';
      return { ok: false, code: 'streaming.request_invalid_state' };
    };
    await model.join();
    expect(stepOf()).toBe('ended');
    expect(server.offers).toHaveLength(1);
  });

  it('reconnects when the offer gets no answer, and fails with network after MAX_RECONNECTS more', async () => {
    await lobby();
    const held = deferred<OfferReply>();
    let offers = 0;
    server.answer = () => (++offers === 1 ? 'no-answer' : held.promise);
    await model.join();
    // The first retry is on its way, still attempt 1.
    await waitFor(() => expect(server.offers).toHaveLength(2));
    expect(model.step.value).toMatchObject({ step: 'reconnecting', attempt: 1 });
    server.answer = () => 'no-answer';
    held.resolve('no-answer');
    await waitFor(() => expect(stepOf()).toBe('failed'));
    expect(model.step.value).toMatchObject({ step: 'failed', code: 'network' });
    expect(delays).toEqual(Array.from({ length: MAX_RECONNECTS }, (_, index) => index + 1));
    expect(server.offers).toHaveLength(MAX_RECONNECTS + 1);
    expect(new Set(server.offers.map((offer) => offer.connectionId)).size).toBe(MAX_RECONNECTS + 1);
    expect(peers.peers.every((peer) => peer.closed)).toBe(true);
    // Trying again from failed starts over.
    server.answer = () => sfuAnswer;
    await model.join();
    await connects(MAX_RECONNECTS + 2);
  });
});

describe('private call model: the SFU closes this side', () => {
  it('is ended when the call ended, and closes the connection without a leave', async () => {
    await inCall();
    closedEvent('ended', server.offers[0]!.connectionId);
    expect(stepOf()).toBe('ended');
    expect(peers.latest().closed).toBe(true);
    expect(server.leaves).toEqual([]);
  });

  it('is elsewhere when this connection was replaced, and can take the call back', async () => {
    await inCall();
    closedEvent('replaced', server.offers[0]!.connectionId);
    expect(stepOf()).toBe('elsewhere');
    expect(peers.latest().closed).toBe(true);
    await model.join();
    expect(server.offers).toHaveLength(2);
    await connects(2);
  });

  it("ignores another connection's replacement and another stream's events", async () => {
    await inCall();
    closedEvent('replaced', 'some-older-connection');
    expect(stepOf()).toBe('in-call');
    closedEvent('ended', server.offers[0]!.connectionId, 'stream-other');
    closedEvent('replaced', server.offers[0]!.connectionId, 'stream-other');
    expect(stepOf()).toBe('in-call');
    expect(peers.latest().closed).toBe(false);
  });

  it('reconnects after a timeout with a new connection id, and is in call again', async () => {
    await inCall();
    closedEvent('timeout', server.offers[0]!.connectionId);
    expect(model.step.value).toMatchObject({ step: 'reconnecting', attempt: 1 });
    expect(peers.peers[0]!.closed).toBe(true);
    await waitFor(() => expect(server.offers).toHaveLength(2));
    expect(server.offers[1]!.connectionId).not.toBe(server.offers[0]!.connectionId);
    await connects(2);
    // The count starts over once connected.
    peers.latest().setState('failed');
    expect(model.step.value).toMatchObject({ step: 'reconnecting', attempt: 1 });
    await connects(3);
  });
});

describe('private call model: the connection drops', () => {
  it('reads the call again before offering again', async () => {
    await inCall();
    const readsAtOffer: number[] = [];
    server.answer = () => (readsAtOffer.push(server.joinCalls().length), sfuAnswer);
    const reads = server.joinCalls().length;
    peers.latest().setState('failed');
    expect(model.step.value).toMatchObject({ step: 'reconnecting', attempt: 1 });
    await connects(2);
    expect(readsAtOffer).toEqual([reads + 1]);
  });

  it('is ended, with no new offer, when the call finished meanwhile', async () => {
    await inCall();
    server.join = 'finished';
    peers.latest().setState('disconnected');
    expect(stepOf()).toBe('reconnecting');
    await waitFor(() => expect(stepOf()).toBe('ended'));
    expect(server.offers).toHaveLength(1);
    expect(peers.peers).toHaveLength(1);
  });

  it('keeps trying when reading the call again fails, and connects once it answers', async () => {
    await inCall();
    server.join = refusal(503, 'server.error');
    // The read answers again as soon as the second attempt is scheduled (before its read).
    const stop = model.step.subscribe((now) => {
      if (now.step === 'reconnecting' && now.attempt === 2) server.join = 'broadcasting';
    });
    peers.latest().setState('failed');
    await connects(2);
    stop();
    expect(delays).toEqual([1, 2]);
    expect(server.offers).toHaveLength(2);
  });

  it('shows the other party as their tracks arrive, and drops them on hang-up', async () => {
    await inCall();
    const track = document.createElement('canvas').captureStream().getVideoTracks()[0]!;
    peers.latest().receive(track);
    expect(model.remote.value?.getTracks()).toEqual([track]);
    model.hangUp();
    expect(model.remote.value).toBeNull();
    track.stop();
  });
});

describe('private call model: hanging up and ending', () => {
  it('hangs up with a leave, and joins again', async () => {
    await inCall();
    model.hangUp();
    expect(stepOf()).toBe('left');
    expect(server.leaves).toEqual([{ streamId }]);
    expect(peers.latest().closed).toBe(true);
    // The SFU's own word on the connection just left changes nothing.
    closedEvent('left', server.offers[0]!.connectionId);
    expect(stepOf()).toBe('left');
    await model.join();
    await connects(2);
    expect(server.offers).toHaveLength(2);
  });

  it('ends the call for both (the creator), and keeps the call when the end is refused', async () => {
    await inCall();
    server.end = refusal(422, 'streaming.request_invalid_state');
    const error = await model.end();
    expect(error).toMatchObject({ status: 422, code: 'streaming.request_invalid_state' });
    expect(stepOf()).toBe('in-call');
    expect(model.ending.value).toBe(false);
    expect(peers.latest().closed).toBe(false);
    server.end = 'ok';
    expect(await model.end()).toBeNull();
    expect(server.endCalls()).toHaveLength(2);
    expect(stepOf()).toBe('ended');
    expect(server.leaves).toEqual([{ streamId }]);
    // Ended is final: join does nothing.
    await model.join();
    expect(server.offers).toHaveLength(1);
  });
});

describe('private call model: camera and microphone', () => {
  it('mutes and unmutes the local tracks, each on its own', async () => {
    await lobby();
    model.toggleMic();
    expect([camera.audio.enabled, camera.video.enabled, model.micOn.value]).toEqual([false, true, false]);
    model.toggleCamera();
    expect([camera.audio.enabled, camera.video.enabled, model.cameraOn.value]).toEqual([false, false, false]);
    model.toggleMic();
    expect([camera.audio.enabled, camera.video.enabled]).toEqual([true, false]);
  });

  it('applies a mute chosen before the camera opened', async () => {
    create().toggleMic();
    await model.open();
    expect([camera.audio.enabled, camera.video.enabled]).toEqual([false, true]);
  });

  it('adopts only the latest connection when the camera is retried while connecting', async () => {
    getUserMedia.mockRejectedValueOnce(denied());
    await lobby();
    expect(model.camera.value).toBe('denied');
    const first = deferred<OfferReply>();
    const second = deferred<OfferReply>();
    const replies = [first.promise, second.promise];
    server.answer = () => replies.shift()!;
    const joining = model.join();
    await waitFor(() => expect(server.offers).toHaveLength(1));
    const retrying = model.retryCamera();
    await waitFor(() => expect(server.offers).toHaveLength(2));
    expect(peers.peers[1]!.transceivers.map(({ init }) => init?.direction)).toEqual(['sendrecv', 'sendrecv']);
    first.resolve(sfuAnswer);
    second.resolve(sfuAnswer);
    await Promise.all([joining, retrying]);
    // The first connection was superseded: closed, and its end says nothing to the server or the call.
    expect(peers.peers[0]!.closed).toBe(true);
    expect(server.leaves).toEqual([]);
    peers.peers[1]!.setState('connected');
    expect(stepOf()).toBe('in-call');
    peers.peers[0]!.setState('failed');
    expect(stepOf()).toBe('in-call');
    expect(peers.peers[1]!.closed).toBe(false);
  });
});

describe('private call model: dispose', () => {
  it('stops the camera and leaves the call', async () => {
    await inCall();
    disposeModel(model);
    expect(camera.audio.stopped && camera.video.stopped).toBe(true);
    expect(peers.latest().closed).toBe(true);
    await waitFor(() => expect(server.leaves).toEqual([{ streamId }]));
  });

  it('stops a camera that opens after the page went', async () => {
    const media = deferred<MediaStream>();
    getUserMedia.mockReturnValue(media.promise);
    const opening = create().open();
    await waitFor(() => expect(getUserMedia).toHaveBeenCalled());
    disposeModel(model);
    media.resolve(camera.stream);
    await opening;
    expect(camera.audio.stopped && camera.video.stopped).toBe(true);
    expect(model.local.value).toBeNull();
  });

  it('leaves a connection answered after the page went, and does nothing more for one that failed', async () => {
    await lobby();
    const held = deferred<OfferReply>();
    server.answer = () => held.promise;
    const joining = model.join();
    await waitFor(() => expect(server.offers).toHaveLength(1));
    disposeModel(model);
    held.resolve(sfuAnswer);
    await joining;
    expect(peers.latest().closed).toBe(true);
    await waitFor(() => expect(server.leaves).toEqual([{ streamId }]));

    const again = await lobbyAgain();
    const unanswered = deferred<OfferReply>();
    server.answer = () => unanswered.promise;
    const joiningAgain = again.join();
    await waitFor(() => expect(server.offers).toHaveLength(2));
    const reads = server.joinCalls().length;
    disposeModel(again);
    unanswered.resolve('no-answer');
    await joiningAgain;
    expect(delays).toEqual([]);
    expect(server.joinCalls()).toHaveLength(reads);
  });
});

async function lobbyAgain(): Promise<PrivateCall> {
  camera = fakeCamera();
  return lobby();
}
