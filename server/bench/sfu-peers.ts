/**
 * The load of the SFU bench's first part (`bench/sfu.ts`), in its own process so its CPU
 * never counts as the server's (a worker thread would: `process.cpuUsage()` is the whole
 * process's). For each call of its plan, two node-datachannel peers standing in for the two
 * browsers, each signed in on its own socket.io connection with its user's token, offering
 * a send-and-receive VP8 video and Opus audio m-line through `private-call/offer`.
 *
 * Each peer sends video at `videoBitsPerSecond` in `fps` frames cut into RTP packets of at
 * most `packetBytes` of payload (the last of a frame marked), and `audioPerSecond` Opus-sized
 * packets of `audioBytes`. Every payload carries its send time (`performance.now()`, this
 * process's clock: both peers of a call live here, so no clocks are compared) and whether it
 * was sent inside the measured window; the receiving peer reads it back.
 *
 * IPC: the plan in, `{ ready }` once every track is open; `{ measure }` starts the window,
 * `{ stop }` ends it (sending stops, late packets are waited for) and answers `{ result }`;
 * `{ close }` leaves the calls and exits.
 */
import type { PrivateCallAnswer } from '@fandeck/contract';
import type { PeerConnection, Track } from 'node-datachannel';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { loadDataChannel } from '../src/domains/private-streams/sfu/sfu.js';

export interface PeersPlan {
  origin: string;
  calls: { streamId: string; tokens: [string, string] }[];
  videoBitsPerSecond: number;
  fps: number;
  packetBytes: number;
  audioPerSecond: number;
  audioBytes: number;
}

export interface KindResult {
  /** One-way latencies (ms) of the measured packets received. */
  latencies: number[];
  sent: number;
  received: number;
}

export interface PeersResult {
  video: KindResult;
  audio: KindResult;
  /** This process's event-loop delay over the window (ms): it adds to the latencies. */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

type DataChannelModule = NonNullable<Awaited<ReturnType<typeof loadDataChannel>>>;
type Kind = 'video' | 'audio';

const VP8_PT = 96;
const OPUS_PT = 111;
/** Payload: [VP8 descriptor byte, video only] float64 send time, 1 byte "measured". */
const STAMP_BYTES = 9;

const send = (message: unknown) => process.send!(message);

interface Peer {
  pc: PeerConnection;
  socket: Socket;
  streamId: string;
  tracks: Record<Kind, Track>;
  ssrc: Record<Kind, number>;
  sequence: Record<Kind, number>;
  timestamp: Record<Kind, number>;
  nextDue: Record<Kind, number>;
}

const results: Record<Kind, KindResult> = { video: { latencies: [], sent: 0, received: 0 }, audio: { latencies: [], sent: 0, received: 0 } };
let measuring = false;
let sending = false;

/** Reads a received RTP packet's stamp: the payload starts after the header, its CSRCs and its extension. */
function onPacket(kind: Kind, packet: Buffer): void {
  if (packet.length < 12 || (packet[1]! >= 192 && packet[1]! <= 223)) return;
  let at = 12 + (packet[0]! & 0x0f) * 4;
  if (packet[0]! & 0x10) at += 4 + packet.readUInt16BE(at + 2) * 4;
  if (kind === 'video') at += 1;
  if (packet.length < at + STAMP_BYTES) return;
  const latency = performance.now() - packet.readDoubleLE(at);
  // Sent before the window opened (warm-up).
  if (packet[at + 8] !== 1) return;
  results[kind].received += 1;
  results[kind].latencies.push(Math.round(latency * 100) / 100);
}

function rtp(peer: Peer, kind: Kind, payloadBytes: number, marker: boolean, firstOfFrame: boolean): Buffer {
  const packet = Buffer.alloc(12 + payloadBytes);
  packet[0] = 0x80;
  packet[1] = (marker ? 0x80 : 0) | (kind === 'video' ? VP8_PT : OPUS_PT);
  peer.sequence[kind] = (peer.sequence[kind] + 1) & 0xffff;
  packet.writeUInt16BE(peer.sequence[kind], 2);
  packet.writeUInt32BE(peer.timestamp[kind] >>> 0, 4);
  packet.writeUInt32BE(peer.ssrc[kind], 8);
  let at = 12;
  // A VP8 payload descriptor: S (start of partition) on a frame's first packet.
  if (kind === 'video') packet[at++] = firstOfFrame ? 0x10 : 0x00;
  // The send time (at + 0..7) is written by sendPacket.
  packet[at + 8] = measuring ? 1 : 0;
  return packet;
}

function sendPacket(peer: Peer, kind: Kind, packet: Buffer): void {
  if (!peer.tracks[kind].isOpen()) return;
  // The send time, as late as it can be written.
  packet.writeDoubleLE(performance.now(), 12 + (kind === 'video' ? 1 : 0));
  peer.tracks[kind].sendMessageBinary(packet);
  if (measuring) results[kind].sent += 1;
}

function sendFrame(plan: PeersPlan, peer: Peer): void {
  const frameBytes = Math.round(plan.videoBitsPerSecond / 8 / plan.fps);
  peer.timestamp.video += Math.round(90_000 / plan.fps);
  let left = frameBytes;
  let first = true;
  while (left > 0) {
    const size = Math.min(left, plan.packetBytes);
    left -= size;
    sendPacket(peer, 'video', rtp(peer, 'video', Math.max(size, 1 + STAMP_BYTES), left === 0, first));
    first = false;
  }
}

function sendAudio(plan: PeersPlan, peer: Peer): void {
  peer.timestamp.audio += Math.round(48_000 / plan.audioPerSecond);
  sendPacket(peer, 'audio', rtp(peer, 'audio', Math.max(plan.audioBytes, STAMP_BYTES), true, true));
}

async function connectSocket(origin: string, token: string): Promise<Socket> {
  const socket = io(origin, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

const newSsrc = () => ({ video: 1 + Math.floor(Math.random() * 2 ** 31), audio: 1 + Math.floor(Math.random() * 2 ** 31) });

/**
 * The SFU's answer names none of the SSRCs it forwards (they are the other party's). A
 * browser takes such RTP by payload type; libdatachannel, with two m-lines bundled, drops it.
 * So the bench, which knows the other peer's SSRCs, announces them in each m-line of the
 * answer before applying it.
 */
function announce(sdp: string, remote: Record<Kind, number>): string {
  return sdp.replace(/^a=mid:(video|audio)\r?$/gm, (line, mid: Kind) => `${line.trimEnd()}\r\na=ssrc:${remote[mid]} cname:bench-remote`);
}

/** A peer like a browser's: one sendrecv VP8 video and one sendrecv Opus audio m-line, offered in full (non-trickle). */
async function openPeer(dc: DataChannelModule, origin: string, streamId: string, token: string, name: string, ssrc: Record<Kind, number>, remoteSsrc: Record<Kind, number>): Promise<Peer> {
  const pc = new dc.PeerConnection(name, { iceServers: [] });
  const video = new dc.Video('video', 'SendRecv');
  video.addVP8Codec(VP8_PT);
  video.addSSRC(ssrc.video, name, `stream-${name}`, `video-${name}`);
  const audio = new dc.Audio('audio', 'SendRecv');
  audio.addOpusCodec(OPUS_PT);
  audio.addSSRC(ssrc.audio, name, `stream-${name}`, `audio-${name}`);
  const tracks = { video: pc.addTrack(video), audio: pc.addTrack(audio) };
  tracks.video.onMessage((packet) => onPacket('video', packet));
  tracks.audio.onMessage((packet) => onPacket('audio', packet));
  const gathered = new Promise<void>((resolve) => pc.onGatheringStateChange((state) => state === 'complete' && resolve()));
  pc.setLocalDescription();
  await gathered;
  const socket = await connectSocket(origin, token);
  // Trickled, not in the offer: given them there, the server reaches this peer over ICE and
  // starts DTLS before its answer (the ack, slower than UDP) is applied here; a browser keeps
  // such an early handshake for later, libdatachannel fails it (no remote fingerprint yet).
  const offer = pc.localDescription()!.sdp;
  const candidates = offer.split(/\r?\n/).filter((line) => line.startsWith('a=candidate:')).map((line) => line.slice(2));
  const sdp = offer
    .split(/\r?\n/)
    .filter((line) => !line.startsWith('a=candidate:') && line !== 'a=end-of-candidates')
    .map((line) => line.replace(/^m=(video|audio) \d+/, 'm=$1 9').replace(/^c=IN IP4 .*/, 'c=IN IP4 0.0.0.0'))
    .join('\r\n');
  const answer = (await socket.timeout(15_000).emitWithAck('private-call/offer', { streamId, sdp })) as PrivateCallAnswer;
  if (!answer.ok) throw new Error(`the server refused ${name}'s offer: ${answer.code}`);
  pc.setRemoteDescription(announce(answer.sdp, remoteSsrc), 'answer');
  for (const candidate of candidates) {
    const taken = (await socket.timeout(15_000).emitWithAck('private-call/candidate', { streamId, candidate, mid: 'video' })) as { ok: boolean };
    if (!taken.ok) throw new Error(`the server refused ${name}'s candidate`);
  }
  const zero = { video: 0, audio: 0 };
  return { pc, socket, streamId, tracks, ssrc, sequence: { ...zero }, timestamp: { ...zero }, nextDue: { ...zero } };
}

const opened = (track: Track) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('a track did not open within 20 s')), 20_000);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    if (track.isOpen()) done();
    else track.onOpen(done);
  });

/** Sends every peer's frames and audio packets when due, each peer at its own phase. */
function pump(plan: PeersPlan, peers: Peer[]): () => void {
  const period = { video: 1000 / plan.fps, audio: 1000 / plan.audioPerSecond };
  const start = performance.now();
  for (const peer of peers) {
    peer.nextDue.video = start + Math.random() * period.video;
    peer.nextDue.audio = start + Math.random() * period.audio;
  }
  sending = true;
  const tick = () => {
    if (!sending) return;
    const now = performance.now();
    for (const peer of peers) {
      // Behind by more than a second (the process stalled): skip ahead rather than burst.
      for (const kind of ['video', 'audio'] as const) if (now - peer.nextDue[kind] > 1000) peer.nextDue[kind] = now;
      while (peer.nextDue.video <= now) {
        sendFrame(plan, peer);
        peer.nextDue.video += period.video;
      }
      while (peer.nextDue.audio <= now) {
        sendAudio(plan, peer);
        peer.nextDue.audio += period.audio;
      }
    }
  };
  const timer = setInterval(tick, 2);
  return () => {
    sending = false;
    clearInterval(timer);
  };
}

/** Resolves once no measured packet has arrived for 300 ms (or after 3 s). */
async function drained(): Promise<void> {
  const until = performance.now() + 3000;
  let last = -1;
  while (performance.now() < until) {
    const now = results.video.received + results.audio.received;
    if (now === last) return;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function main(plan: PeersPlan) {
  const dc = await loadDataChannel();
  if (!dc) throw new Error('node-datachannel cannot load in the load process');
  const peers: Peer[] = [];
  for (const [index, call] of plan.calls.entries()) {
    const ssrcs = [newSsrc(), newSsrc()];
    const pair = await Promise.all(call.tokens.map((token, side) => openPeer(dc, plan.origin, call.streamId, token, `call${index}-${side}`, ssrcs[side]!, ssrcs[1 - side]!)));
    peers.push(...pair);
  }
  await Promise.all(peers.flatMap((peer) => [opened(peer.tracks.video), opened(peer.tracks.audio)]));
  const stopPump = pump(plan, peers);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  send({ ready: true });

  process.on('message', (message: { measure?: boolean; stop?: boolean; close?: boolean }) => {
    if (message.measure) {
      loop.reset();
      loop.enable();
      measuring = true;
    } else if (message.stop) {
      measuring = false;
      stopPump();
      loop.disable();
      void drained().then(() =>
        send({ result: { ...results, loopDelayP99Ms: loop.percentile(99) / 1e6, loopDelayMaxMs: loop.max / 1e6 } satisfies PeersResult }),
      );
    } else if (message.close) {
      stopPump();
      void Promise.all(peers.map((peer) => peer.socket.timeout(5000).emitWithAck('private-call/leave', { streamId: peer.streamId }).catch(() => undefined))).then(() => {
        for (const peer of peers) {
          peer.pc.close();
          peer.socket.disconnect();
        }
        process.exit(0);
      });
    }
  });
}

process.once('message', (plan: PeersPlan) => {
  main(plan).catch((error: unknown) => {
    send({ error: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  });
});
