/** A node-datachannel peer standing in for a browser in the SFU tests (not a test file itself). */
import type { Track } from 'node-datachannel';
import { loadDataChannel } from './sfu.js';

type DataChannelModule = NonNullable<Awaited<ReturnType<typeof loadDataChannel>>>;

export interface TestPeer {
  /**
   * The offer without its candidates: given them, the server reached this peer over ICE and
   * began DTLS before the answer (the ack, slower than UDP) was applied here, which
   * libdatachannel fails now and then under load ("Got a remote candidate without ICE
   * transport"; a browser keeps such an early handshake). Without them the server learns this
   * peer's address from its own checks, which start only once the answer is applied.
   */
  offer: string;
  /** The candidates left out of the offer (`candidate:…` lines), to trickle where a test needs one. */
  candidates: string[];
  video: Track;
  /** RTP packets received on the video track, by sequence number. */
  received: number[];
  /** This peer's video SSRC. */
  ssrc: number;
  /** RTCP packets received on the video track. */
  rtcp: Buffer[];
  /** Sends a raw packet (RTP or RTCP) on the video track. */
  sendRaw(packet: Buffer): void;
  accept(answer: string): void;
  /** Sends `count` VP8 RTP packets with increasing sequence numbers. */
  sendVideo(count: number): void;
  waitOpen(): Promise<void>;
  waitReceived(count: number, timeoutMs?: number): Promise<void>;
  /** Sends a few packets every 20 ms until stopped: packets sent before the far side is open are lost. */
  pump(): () => void;
  close(): void;
}

export const VP8_PT = 96;

/** An offer like a browser's: one send-and-receive video m-line with the given codec. */
export async function testPeer(dc: DataChannelModule, name: string, codec: 'VP8' | 'H264' = 'VP8'): Promise<TestPeer> {
  const pc = new dc.PeerConnection(name, { iceServers: [] });
  const ssrc = 1000 + Math.floor(Math.random() * 1_000_000);
  const media = new dc.Video('video', 'SendRecv');
  if (codec === 'VP8') media.addVP8Codec(VP8_PT);
  else media.addH264Codec(102);
  media.addSSRC(ssrc, name, `stream-${name}`, `track-${name}`);
  const video = pc.addTrack(media);
  const received: number[] = [];
  const rtcp: Buffer[] = [];
  const waiters = new Set<() => void>();
  video.onMessage((packet) => {
    if (packet.length >= 2 && packet[1]! >= 192 && packet[1]! <= 223) {
      rtcp.push(Buffer.from(packet));
      waiters.forEach((check) => check());
      return;
    }
    if (packet.length < 12) return;
    received.push(packet.readUInt16BE(2));
    waiters.forEach((check) => check());
  });
  const gathered = new Promise<void>((resolve) => pc.onGatheringStateChange((state) => state === 'complete' && resolve()));
  pc.setLocalDescription();
  await gathered;
  let sequence = 0;
  const sendVideo = (count: number) => {
    for (let i = 0; i < count; i += 1) {
      const packet = Buffer.alloc(12 + 6);
      packet[0] = 0x80;
      packet[1] = VP8_PT;
      packet.writeUInt16BE((sequence += 1) & 0xffff, 2);
      packet.writeUInt32BE(sequence * 3000, 4);
      packet.writeUInt32BE(ssrc, 8);
      // A VP8 payload descriptor (start of partition) and a few bytes of "frame".
      packet.set([0x10, 0x9d, 0x01, 0x2a, 0x00, 0x00], 12);
      if (video.isOpen()) video.sendMessageBinary(packet);
    }
  };
  return {
    ...withoutCandidates(pc.localDescription()!.sdp),
    video,
    received,
    ssrc,
    rtcp,
    sendRaw: (packet) => video.sendMessageBinary(packet),
    accept: (answer) => pc.setRemoteDescription(answer, 'answer'),
    sendVideo,
    pump() {
      const timer = setInterval(() => sendVideo(3), 20);
      return () => clearInterval(timer);
    },
    waitOpen: () =>
      new Promise<void>((resolve) => {
        if (video.isOpen()) resolve();
        else video.onOpen(resolve);
      }),
    waitReceived(count, timeoutMs = 10_000) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${name} received ${received.length} of ${count} packets`));
        }, timeoutMs);
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      });
    },
    close: () => pc.close(),
  };
}

function withoutCandidates(sdp: string): { offer: string; candidates: string[] } {
  const lines = sdp.split(/\r?\n/).filter((line) => line.length > 0);
  const candidates = lines.filter((line) => line.startsWith('a=candidate:')).map((line) => line.slice(2));
  const offer = lines
    .filter((line) => !line.startsWith('a=candidate:') && line !== 'a=end-of-candidates')
    .map((line) => line.replace(/^m=(video|audio) \d+/, 'm=$1 9').replace(/^c=IN IP4 .*/, 'c=IN IP4 0.0.0.0'));
  return { offer: `${offer.join('\r\n')}\r\n`, candidates };
}

/** Both peers connected, and each receives `packets` of the other's VP8 (both pumping meanwhile). */
export async function exchangeMedia(a: TestPeer, b: TestPeer, packets = 20): Promise<void> {
  await Promise.all([a.waitOpen(), b.waitOpen()]);
  const stops = [a.pump(), b.pump()];
  try {
    await Promise.all([a.waitReceived(packets), b.waitReceived(packets)]);
  } finally {
    stops.forEach((stop) => stop());
  }
}
