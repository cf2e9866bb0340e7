/**
 * The private-call SFU: one room per call (stream id), at most two participants, one
 * server-side PeerConnection each. RTP from one participant's tracks is sent out on the
 * other's track of the same kind, so each browser only ever talks to this server: the
 * creator's address never reaches the fan, nor the fan's the creator. Only VP8 and Opus are
 * negotiated (sdp-filter.ts) and forwarded. A participant that sends no media and no
 * signaling for `livenessMs` is dropped; a room whose call has ended is closed.
 */
import type { PeerConnection, Track } from 'node-datachannel';
import { filterOffer, tidyAnswer, type KeptMedia, type MediaKind } from './sdp-filter.js';

type DataChannelModule = typeof import('node-datachannel');

let loading: Promise<DataChannelModule | null> | null = null;
/** node-datachannel, or null when its native binary cannot load on this machine. */
export function loadDataChannel(): Promise<DataChannelModule | null> {
  loading ??= import('node-datachannel').then(
    (m): DataChannelModule | null => m,
    () => null,
  );
  return loading;
}

export type DropReason = 'left' | 'timeout' | 'ended' | 'failed' | 'replaced';

export interface SfuOptions {
  portRangeBegin?: number | undefined;
  portRangeEnd?: number | undefined;
  /** A participant silent this long (no RTP/RTCP, no signaling) is dropped. Default 30 s. */
  livenessMs?: number;
  /** How long an offer may wait for the server's own ICE candidates. Default 5 s. */
  gatherTimeoutMs?: number;
  /** Asked on every liveness sweep for each open room; false closes it (the call ended). */
  isLive?: (streamId: string) => Promise<boolean>;
  /** Told when a participant leaves the room for any reason, with the connection id its offer named. */
  onDropped?: (streamId: string, userId: string, reason: DropReason, connectionId: string | undefined) => void;
  /** Told when a room's last participant went (the room is gone until the next offer). */
  onRoomClosed?: (streamId: string) => void;
  now?: () => number;
}

interface SendTrack {
  track: Track;
  payloadType: number;
}

interface Participant {
  userId: string;
  /** The client's own name for this connection, echoed when it is dropped, so a tab can tell its connection from another's. */
  connectionId: string | undefined;
  pc: PeerConnection;
  media: KeptMedia[];
  tracks: Map<MediaKind, SendTrack>;
  lastSeen: number;
  /** When a keyframe was last asked of this participant (they are asked at most every 300 ms). */
  keyframeAskedAt: number;
  /** The SSRC this participant's video arrives with (a keyframe request names it). */
  videoSsrc: number | null;
}

interface Room {
  participants: Map<string, Participant>;
}

/** Refusals of `join`: the room already holds two others. */
export class RoomFullError extends Error {}

const isRtcp = (packet: Buffer) => packet.length >= 2 && packet[1]! >= 192 && packet[1]! <= 223;

/**
 * Sends on a track that may be closing under us (the other side just left): a throw here
 * would escape into node-datachannel's callback of the SENDING side's track, which then
 * stops delivering, so the next person to join would get nothing from it.
 */
function sendSafely(track: Track, packet: Buffer): void {
  try {
    track.sendMessageBinary(packet);
  } catch {
    // Closed meanwhile: the drop that follows cleans up.
  }
}

/**
 * RTCP packet types relayed between the two sides: sender reports (200), transport-layer
 * feedback (205: NACK) and payload-specific feedback (206: PLI, FIR, REMB). Receiver reports,
 * SDES, BYE, APP and XR stay on their leg: relaying every type made a browser that left and
 * came back drop all media on its new connection (seen in test/e2e/private-call.test.ts).
 */
const RELAYED_RTCP = new Set([200, 205, 206]);

/** The parts of a (compound) RTCP packet the other side gets, or null for none. */
export function relayable(packet: Buffer): Buffer | null {
  const kept: Buffer[] = [];
  for (let at = 0; at + 4 <= packet.length; ) {
    const end = at + (packet.readUInt16BE(at + 2) + 1) * 4;
    if (end > packet.length) break;
    if (RELAYED_RTCP.has(packet[at + 1]!)) kept.push(packet.subarray(at, end));
    at = end;
  }
  return kept.length > 0 ? Buffer.concat(kept) : null;
}

/** An RTCP picture loss indication (RFC 4585 6.3.1) for the stream `mediaSsrc`: its sender answers with a keyframe. */
export function pictureLossIndication(mediaSsrc: number): Buffer {
  const packet = Buffer.alloc(12);
  packet[0] = 0x81; // version 2, format 1 (PLI)
  packet[1] = 206; // payload-specific feedback
  packet.writeUInt16BE(2, 2); // length in 32-bit words, minus one
  packet.writeUInt32BE(1, 4); // this server as the sender
  packet.writeUInt32BE(mediaSsrc >>> 0, 8);
  return packet;
}

/** Whether a (compound) RTCP packet holds a picture loss indication or a full intra request (RFC 4585, 5104). */
export function asksKeyframe(packet: Buffer): boolean {
  for (let at = 0; at + 4 <= packet.length; ) {
    const format = packet[at]! & 0x1f;
    if (packet[at + 1] === 206 && (format === 1 || format === 4)) return true;
    at += (packet.readUInt16BE(at + 2) + 1) * 4;
  }
  return false;
}

export class Sfu {
  private readonly rooms = new Map<string, Room>();
  private readonly sweeper: NodeJS.Timeout;
  private sweeping = false;
  private readonly livenessMs: number;
  private readonly now: () => number;

  constructor(
    private readonly dc: DataChannelModule,
    private readonly options: SfuOptions = {},
  ) {
    this.livenessMs = options.livenessMs ?? 30_000;
    this.now = options.now ?? Date.now;
    this.sweeper = setInterval(() => void this.sweep(), Math.max(50, Math.min(1000, this.livenessMs / 3)));
    this.sweeper.unref();
  }

  /** Participants of a room (for tests and diagnostics). */
  participantsOf(streamId: string): string[] {
    return [...(this.rooms.get(streamId)?.participants.keys() ?? [])];
  }

  /**
   * Answers a participant's offer with the server's own: only VP8/Opus m-lines survive, and
   * the answer carries only this server's host candidates. A second offer from the same user
   * replaces their earlier connection.
   */
  async join(streamId: string, userId: string, offerSdp: string, connectionId?: string): Promise<string> {
    // A malformed offer is refused before it can leave an empty room behind.
    const filtered = filterOffer(offerSdp);
    const room = this.rooms.get(streamId) ?? { participants: new Map<string, Participant>() };
    if (!room.participants.has(userId) && room.participants.size >= 2) throw new RoomFullError('This call already has two participants');
    this.rooms.set(streamId, room);
    if (room.participants.has(userId)) this.leave(streamId, userId, 'replaced');
    this.rooms.set(streamId, room);

    const pc = new this.dc.PeerConnection(`call-${streamId}-${userId}`, {
      // No STUN or TURN: the server offers only its own host addresses.
      iceServers: [],
      ...(this.options.portRangeBegin !== undefined ? { portRangeBegin: this.options.portRangeBegin } : {}),
      ...(this.options.portRangeEnd !== undefined ? { portRangeEnd: this.options.portRangeEnd } : {}),
    });
    const participant: Participant = { userId, connectionId, pc, media: filtered.media, tracks: new Map(), lastSeen: this.now(), keyframeAskedAt: 0, videoSsrc: null };
    room.participants.set(userId, participant);

    pc.onTrack((track) => this.adopt(streamId, participant, track));
    pc.onStateChange((state) => {
      if (state === 'failed' || state === 'closed') this.drop(streamId, participant, 'failed');
    });
    const gathered = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.options.gatherTimeoutMs ?? 5000);
      pc.onGatheringStateChange((state) => {
        if (state === 'complete') {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    try {
      pc.setRemoteDescription(filtered.sdp, 'offer');
    } catch (error) {
      this.drop(streamId, participant, 'failed');
      throw error;
    }
    await gathered;
    const answer = pc.localDescription();
    if (!answer || room.participants.get(userId) !== participant) {
      this.drop(streamId, participant, 'failed');
      throw new Error('No answer was made for this offer');
    }
    // The other side may already be sending: ask it for a keyframe this newcomer can start from.
    this.askKeyframe(streamId, userId);
    return tidyAnswer(answer.sdp);
  }

  /** A trickled candidate of the participant; false when they are not in the room. */
  addCandidate(streamId: string, userId: string, candidate: string, mid: string): boolean {
    const participant = this.rooms.get(streamId)?.participants.get(userId);
    if (!participant) return false;
    participant.lastSeen = this.now();
    participant.pc.addRemoteCandidate(candidate, mid);
    return true;
  }

  leave(streamId: string, userId: string, reason: DropReason = 'left'): void {
    const participant = this.rooms.get(streamId)?.participants.get(userId);
    if (participant) this.drop(streamId, participant, reason);
  }

  closeRoom(streamId: string, reason: DropReason = 'ended'): void {
    for (const participant of [...(this.rooms.get(streamId)?.participants.values() ?? [])]) this.drop(streamId, participant, reason);
    if (this.rooms.delete(streamId)) this.options.onRoomClosed?.(streamId);
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const streamId of [...this.rooms.keys()]) this.closeRoom(streamId, 'ended');
  }

  private other(streamId: string, userId: string): Participant | undefined {
    for (const [id, participant] of this.rooms.get(streamId)?.participants ?? []) if (id !== userId) return participant;
    return undefined;
  }

  private adopt(streamId: string, participant: Participant, track: Track): void {
    const media = participant.media.find((m) => m.mid === track.mid());
    if (!media) return;
    participant.tracks.set(media.kind, { track, payloadType: media.payloadType });
    // This side can receive now: the other side's next frame it can start from is a keyframe.
    if (media.kind === 'video') track.onOpen(() => this.askKeyframe(streamId, participant.userId));
    track.onMessage((packet) => {
      participant.lastSeen = this.now();
      if (isRtcp(packet)) {
        // RTCP the other side needs goes on to it (relayable()): sender reports, NACKs,
        // PLI/FIR and REMB, the bandwidth feedback the two browsers' rate control needs. With
        // one sender per connection in a call of two, its SSRCs are the sender's own, so it
        // reads true end to end.
        const target = this.other(streamId, participant.userId)?.tracks.get(media.kind);
        const relayed = relayable(packet);
        if (relayed && target?.track.isOpen()) sendSafely(target.track, relayed);
        // A decoder that lost its place asks for a keyframe: also asked here, in case the sender never gets that packet.
        if (media.kind === 'video' && asksKeyframe(packet)) this.askKeyframe(streamId, participant.userId);
        return;
      }
      // Only the negotiated codec goes on; anything else the client slips in is dropped.
      if (packet.length < 12 || (packet[1]! & 0x7f) !== media.payloadType) return;
      if (media.kind === 'video') participant.videoSsrc = packet.readUInt32BE(8);
      const target = this.other(streamId, participant.userId)?.tracks.get(media.kind);
      if (!target || !target.track.isOpen()) return;
      const copy = Buffer.from(packet);
      copy[1] = (copy[1]! & 0x80) | target.payloadType;
      sendSafely(target.track, copy);
    });
  }

  /** Asks the other participant of the room for a keyframe for `userId`, at most every 300 ms. */
  private askKeyframe(streamId: string, userId: string): void {
    const sender = this.other(streamId, userId);
    const video = sender?.tracks.get('video');
    if (!sender || sender.videoSsrc === null || !video?.track.isOpen()) return;
    const now = this.now();
    if (now - sender.keyframeAskedAt < 300) return;
    sender.keyframeAskedAt = now;
    // node-datachannel's requestKeyframe() needs a media handler, which the forwarding tracks have none of: the PLI is written here.
    sendSafely(video.track, pictureLossIndication(sender.videoSsrc));
  }

  private drop(streamId: string, participant: Participant, reason: DropReason): void {
    const room = this.rooms.get(streamId);
    if (!room || room.participants.get(participant.userId) !== participant) return;
    room.participants.delete(participant.userId);
    if (room.participants.size === 0) {
      this.rooms.delete(streamId);
      this.options.onRoomClosed?.(streamId);
    }
    try {
      participant.pc.close();
    } catch {
      // Already closed.
    }
    this.options.onDropped?.(streamId, participant.userId, reason, participant.connectionId);
  }

  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const now = this.now();
      for (const [streamId, room] of [...this.rooms]) {
        for (const participant of [...room.participants.values()]) {
          if (now - participant.lastSeen > this.livenessMs) this.drop(streamId, participant, 'timeout');
        }
        if (this.rooms.has(streamId) && this.options.isLive && !(await this.options.isLive(streamId).catch(() => true))) this.closeRoom(streamId, 'ended');
      }
    } finally {
      this.sweeping = false;
    }
  }
}
