/**
 * Wire shapes of live streaming (decimal units, ISO dates), inside the `{ status: 0, data }`
 * envelope. Types only. Status values are api-contract.md section 4's.
 */
import type { ConversationDto } from './messaging.js';
import type { PartyInfo } from './subscriptions.js';

export type StreamTypeWire = 'public' | 'private' | 'group';
export type BroadcastStateWire = 'created' | 'broadcasting' | 'finished';
export type PrivateRequestStatusWire = 'pending' | 'approved' | 'rejected';

/** The WebSocket path a creator's browser sends its MediaRecorder slices to (authenticated by the first message, never the URL). */
export const STREAM_INGEST_PATH = '/streaming/ingest';
/** What the creator's browser records: H.264 in WebM, keyframes every second, 100 ms slices. */
export const STREAM_INGEST_MIME = 'video/webm;codecs=h264,opus';
export const STREAM_SLICE_MS = 100;

export interface StreamDto {
  _id: string;
  performerId: string;
  type: StreamTypeWire;
  title: string;
  description: string;
  /** Only the creator's active subscribers (and staff) may watch. */
  subscribersOnly: boolean;
  state: BroadcastStateWire;
  /** The stream chat (a `stream` conversation). */
  conversationId: string;
  viewerCount: number;
  /** Planned length in minutes, when the creator set one. */
  duration: number | null;
  startedAt: string | null;
  endedAt: string | null;
  createdAt: string;
  updatedAt: string;
  performerInfo?: PartyInfo;
}

/** `POST /streaming/live` body. */
export interface GoLiveBody {
  title?: string;
  description?: string;
  subscribersOnly?: boolean;
}

/** `GET /streaming/join/{id}` (id: the stream's or its creator's id or username). */
export interface StreamJoinDto {
  stream: StreamDto;
  /** Whether this viewer may watch. When false, `playlistUrl` is null and `reason` says why. */
  canWatch: boolean;
  reason: 'subscribers_only' | 'offline' | 'sign_in' | null;
  /** The HLS playlist, signed for this viewer for a few minutes; null when not entitled or not live. */
  playlistUrl: string | null;
  /** Agora, when configured: the app id and channel to join (the token comes from `POST /streaming/agora/token`). */
  agora: { appId: string; channel: string } | null;
  /** The stream's chat (a public stream's; existing clients open it from here). */
  conversation?: ConversationDto;
}

/**
 * `POST /streaming/live`: `{ stream, conversation }` as existing clients read it; the
 * stream's own fields stay at the top level too, for the clients that read them there.
 */
export interface GoLiveDto extends StreamDto {
  stream: StreamDto;
  conversation: ConversationDto;
}

/** `POST /streaming/agora/token` body; answers the token string itself in `data` (api-contract section 1). */
export interface AgoraTokenBody {
  channelName: string;
}

export interface PrivateStreamRequestDto {
  _id: string;
  performerId: string;
  userId: string;
  conversationId: string;
  status: PrivateRequestStatusWire;
  /** What the call costs the fan (the creator's private price), charged when it starts. */
  price: number;
  /** Minutes asked for. */
  duration: number;
  note: string;
  streamId: string | null;
  createdAt: string;
  updatedAt: string;
  performerInfo?: PartyInfo;
  userInfo?: PartyInfo;
  /** Whether the fan has paid for the call (a successful `charge:stream` wallet charge); false for a free call. */
  paid: boolean;
}

/** `POST /streaming/private/{id}/join`: the stream's join answer plus the request, with both parties. */
export interface PrivateCallJoinDto extends StreamJoinDto {
  request: PrivateStreamRequestDto;
}

/** `POST /streaming/private/request` body. */
export interface PrivateStreamRequestBody {
  performerId: string;
  duration?: number;
  note?: string;
}

export interface RecordingDto {
  _id: string;
  streamId: string;
  durationSeconds: number | null;
  sizeBytes: number;
  createdAt: string;
}

/** Presence events (`model-joined`, `member-joined`, `model-left`, `public-room-changed`): who and how many. */
export interface StreamPresenceEvent {
  streamId: string;
  conversationId: string;
  viewerCount: number;
  userId?: string;
}
