import type { PeerConnection, RtcConfig } from 'node-datachannel';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lacks } from '../../../../test/tools.js';
import { filterOffer } from './sdp-filter.js';
import { asksKeyframe, loadDataChannel, pictureLossIndication, relayable, RoomFullError, Sfu, type DropReason, type SfuOptions } from './sfu.js';
import { exchangeMedia, testPeer, type TestPeer } from './sfu-test-peer.js';

const dc = await loadDataChannel();

const peers: TestPeer[] = [];
const sfus: Sfu[] = [];
afterEach(() => {
  for (const p of peers.splice(0)) p.close();
  for (const s of sfus.splice(0)) s.close();
});

/** The server-side connections the SFUs made, in order. */
const created: PeerConnection[] = [];
/** node-datachannel, recording every PeerConnection the SFU makes. */
const recording = () =>
  ({
    ...dc!,
    PeerConnection: function (name: string, config: RtcConfig) {
      const pc = new dc!.PeerConnection(name, config);
      created.push(pc);
      return pc;
    },
  }) as unknown as NonNullable<typeof dc>;

function sfuWith(options: SfuOptions = {}) {
  created.length = 0;
  const drops: { streamId: string; userId: string; reason: DropReason }[] = [];
  const waiters = new Set<() => void>();
  const sfu = new Sfu(recording(), {
    ...options,
    onDropped: (streamId, userId, reason) => {
      drops.push({ streamId, userId, reason });
      waiters.forEach((w) => w());
    },
  });
  sfus.push(sfu);
  const dropped = (userId: string) =>
    new Promise<DropReason>((resolve) => {
      const check = () => {
        const found = drops.find((d) => d.userId === userId);
        if (!found) return;
        waiters.delete(check);
        resolve(found.reason);
      };
      waiters.add(check);
      check();
    });
  return { sfu, drops, dropped };
}

async function peer(name: string, codec: 'VP8' | 'H264' = 'VP8') {
  const p = await testPeer(dc!, name, codec);
  peers.push(p);
  return p;
}

/** The m=video section of an SDP. */
const videoSection = (sdp: string) => sdp.split(/\r?\n(?=m=)/).find((s) => s.startsWith('m=video')) ?? '';

describe.skipIf(lacks({ 'node-datachannel': dc }))('private-call SFU', () => {
  it('forwards VP8 RTP from each participant to the other, and only between the two', async () => {
    const { sfu } = sfuWith();
    const fan = await peer('fan');
    const creator = await peer('creator');
    fan.accept(await sfu.join('call-1', 'fan', fan.offer));
    creator.accept(await sfu.join('call-1', 'creator', creator.offer));
    await exchangeMedia(fan, creator);
    // Sequence numbers arrive as sent (forwarded, not re-made), increasing.
    expect(creator.received.slice(0, 5)).toEqual([...creator.received.slice(0, 5)].sort((a, b) => a - b));
    expect(sfu.participantsOf('call-1').sort()).toEqual(['creator', 'fan']);
    await expect(sfu.join('call-1', 'someone-else', (await peer('third')).offer)).rejects.toBeInstanceOf(RoomFullError);
  });

  it('asks the sender for a keyframe (a PLI naming its SSRC) when the receiver reports a picture loss', async () => {
    const { sfu } = sfuWith();
    const fan = await peer('fan');
    const creator = await peer('creator');
    fan.accept(await sfu.join('call-pli', 'fan', fan.offer));
    creator.accept(await sfu.join('call-pli', 'creator', creator.offer));
    await Promise.all([fan.waitOpen(), creator.waitOpen()]);
    const stop = creator.pump();
    try {
      await fan.waitReceived(5);
      const isPliFor = (packet: Buffer) => packet[1] === 206 && (packet[0]! & 0x1f) === 1 && packet.readUInt32BE(8) === creator.ssrc;
      // The fan's decoder lost its place: its PLI (sender the fan, media the creator's SSRC) goes up.
      const before = creator.rtcp.filter(isPliFor).length;
      const fanPli = pictureLossIndication(creator.ssrc);
      fanPli.writeUInt32BE(fan.ssrc, 4);
      expect(asksKeyframe(fanPli)).toBe(true);
      await vi.waitFor(() => {
        fan.sendRaw(fanPli);
        expect(creator.rtcp.filter(isPliFor).length).toBeGreaterThan(before);
      }, { interval: 350 });
    } finally {
      stop();
    }
    expect(asksKeyframe(Buffer.from([0x80, 200, 0, 1, 0, 0, 0, 1]))).toBe(false);
  });

  it('passes the RTCP the other side needs (REMB here) and keeps receiver reports on their own leg', async () => {
    const { sfu } = sfuWith();
    const fan = await peer('fan');
    const creator = await peer('creator');
    fan.accept(await sfu.join('call-rtcp', 'fan', fan.offer));
    creator.accept(await sfu.join('call-rtcp', 'creator', creator.offer));
    await Promise.all([fan.waitOpen(), creator.waitOpen()]);
    // A compound packet as browsers send it: a receiver report, then a REMB about the creator's stream.
    const report = Buffer.alloc(8);
    report[0] = 0x80;
    report[1] = 201;
    report.writeUInt16BE(1, 2);
    report.writeUInt32BE(fan.ssrc, 4);
    const remb = Buffer.alloc(24);
    remb[0] = 0x8f; // format 15: application layer feedback
    remb[1] = 206;
    remb.writeUInt16BE(5, 2);
    remb.writeUInt32BE(fan.ssrc, 4);
    remb.write('REMB', 12, 'ascii');
    remb.writeUInt32BE(creator.ssrc, 20);
    const compound = Buffer.concat([report, remb]);
    expect(relayable(compound)).toEqual(remb);
    expect(relayable(report)).toBeNull();
    const isTheRemb = (packet: Buffer) => packet[1] === 206 && (packet[0]! & 0x1f) === 15 && packet.subarray(12, 16).toString('ascii') === 'REMB';
    await vi.waitFor(() => {
      fan.sendRaw(compound);
      expect(creator.rtcp.some(isTheRemb)).toBe(true);
    }, { interval: 250 });
    expect(creator.rtcp.some((packet) => packet[1] === 201 && packet.readUInt32BE(4) === fan.ssrc)).toBe(false);
  });

  it('answers only with its own host candidates and VP8', async () => {
    const { sfu } = sfuWith();
    const fan = await peer('fan');
    const answer = await sfu.join('call-2', 'fan', fan.offer);
    const video = videoSection(answer);
    expect(video).toMatch(/a=rtpmap:96 VP8\/90000/);
    const candidates = answer.split(/\r?\n/).filter((l) => l.startsWith('a=candidate:'));
    expect(candidates.length).toBeGreaterThan(0);
    for (const c of candidates) expect(c).toMatch(/ typ host/);
  });

  it('refuses an offer whose video is not VP8: the video m-line is rejected and nothing is forwarded on it', async () => {
    const { sfu } = sfuWith();
    const h264 = await peer('h264', 'H264');
    expect(filterOffer(h264.offer).media).toEqual([]);
    const answer = await sfu.join('call-3', 'fan', h264.offer);
    const video = videoSection(answer);
    // Rejected: port 0, and no codec named for it.
    expect(video).toMatch(/^m=video 0 /);
    expect(video).not.toMatch(/a=rtpmap|a=fmtp|H264|VP8/);
  });

  it('drops a participant that stays silent, closing its connection, and keeps the one that sends', async () => {
    // The clock stands still while both connect (however slow the machine), then runs.
    let startedAt: number | null = null;
    const now = () => (startedAt === null ? 0 : Date.now() - startedAt);
    const { sfu, drops, dropped } = sfuWith({ livenessMs: 1000, now });
    const silent = await peer('silent');
    const talker = await peer('talker');
    silent.accept(await sfu.join('call-4', 'silent', silent.offer));
    talker.accept(await sfu.join('call-4', 'talker', talker.offer));
    await Promise.all([silent.waitOpen(), talker.waitOpen()]);
    const stop = talker.pump();
    try {
      await silent.waitReceived(1); // it receives the talker's media, but sends nothing
      startedAt = Date.now();
      expect(await dropped('silent')).toBe('timeout');
    } finally {
      stop();
    }
    expect(sfu.participantsOf('call-4')).toEqual(['talker']);
    expect(drops.map((d) => d.userId)).toEqual(['silent']);
    // The server's own connection of the dropped participant is closed; the talker's is not.
    const [silentSide, talkerSide] = created;
    expect(silentSide!.state()).toBe('closed');
    expect(talkerSide!.state()).toBe('connected');
    expect(sfu.addCandidate('call-4', 'silent', 'candidate:1 1 UDP 1 127.0.0.1 9 typ host', 'video')).toBe(false);
  });

  it('closes the room when the call is no longer live', async () => {
    let live = true;
    const { sfu, dropped } = sfuWith({ isLive: async () => live });
    const fan = await peer('fan');
    fan.accept(await sfu.join('call-5', 'fan', fan.offer));
    await fan.waitOpen();
    live = false;
    expect(await dropped('fan')).toBe('ended');
    expect(sfu.participantsOf('call-5')).toEqual([]);
  });
});
