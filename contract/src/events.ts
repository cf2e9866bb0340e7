/**
 * The live connection's events (contract section 3) and what each carries. Names are
 * the contract's, spelling included (`nofify_…`). Payload types are the server's promise
 * and the clients' assumption; listeners still check what they read.
 */
import type { ErrorCode } from './errors.js';
import type { MessageDeletedEvent, MessageDto, NotificationDto } from './messaging.js';
import type { StreamDto } from './streaming.js';

/** Client to server. */
export interface ClientEvents {
  'auth/login': { token: string };
  'auth/logout': undefined;
  joinRoom: string;
  leaveRoom: string;
  /**
   * Private call over the server's SFU: the client's offer; the ack is `PrivateCallAnswer`.
   * `connectionId`, the client's name for this connection, comes back in `private-call/closed`.
   */
  'private-call/offer': { streamId: string; sdp: string; connectionId?: string };
  /** A trickled ICE candidate of the client (`mid` of its m-line); ack `{ ok }`. */
  'private-call/candidate': { streamId: string; candidate: string; mid: string };
  /** The client leaves the call; ack `{ ok }`. */
  'private-call/leave': { streamId: string };
  /**
   * Older clients' stream presence (contract section 3). `live`: the stream's creator enters
   * its room as the model (presence only: it never makes a stream broadcast, only the ingest
   * does). `join`/`leave`: a viewer enters or leaves the room, as the room's policy allows.
   * `public-stream/*` only for public streams, `private-stream/*` only for private calls.
   * Ack `StreamPresenceAnswer`.
   */
  'public-stream/live': StreamPresencePayload;
  'public-stream/join': StreamPresencePayload;
  'public-stream/leave': StreamPresencePayload;
  'private-stream/live': StreamPresencePayload;
  'private-stream/join': StreamPresencePayload;
  'private-stream/leave': StreamPresencePayload;
}

/** The stream by its id, or by its conversation as older clients send it (`""` means absent; `streamId` wins). */
export interface StreamPresencePayload {
  streamId?: string;
  conversationId?: string;
}

/** The ack of the stream presence events: the stream as it is now (`live`, `join`), or a refusal code. */
export type StreamPresenceAnswer = { ok: true; stream?: StreamDto } | { ok: false; code: ErrorCode };

/** The ack of `private-call/offer`: the SFU's answer (VP8 video, Opus audio only), or a refusal code. */
export type PrivateCallAnswer = { ok: true; sdp: string } | { ok: false; code: ErrorCode };

/** A wallet charge as `token_transaction_success` carries it. */
export interface ChargeEventPayload {
  _id: string;
  target: string;
  targetId: string;
  performerId: string;
  price: number;
  status: string;
}

/** Server to client, fixed names. Names with an id in them are built by `roomEvents`. */
export interface ServerEvents {
  /**
   * The wallet changed: `token` is the change in units (negative for spending), `balance`
   * the absolute balance after it. Clients keep `balance`; `token` is for old clients.
   * `account: 'earnings'` is a creator's earnings from a sale, not their wallet.
   */
  update_balance: { token: number; balance: number; account?: 'wallet' | 'earnings' };
  token_transaction_success: ChargeEventPayload;
  payment_status_callback: { redirectUrl: string };
  stripe_confirm_payment: { transactionId: string; clientSecret?: string };
  /** A direct message, to both participants (after it is committed). */
  message_created: MessageDto;
  message_deleted: MessageDeletedEvent;
  /** `total`: the reader's unread messages over all conversations after a read; `conversationId` the one read. */
  nofify_read_messages_in_conversation: { total: number; conversationId?: string };
  send_notification: NotificationDto;
  pin_message_updated: Record<string, unknown>;
  'join-broadcaster': Record<string, unknown>;
  'model-joined': Record<string, unknown>;
  'model-left': Record<string, unknown>;
  'member-joined': Record<string, unknown>;
  'public-room-changed': Record<string, unknown>;
  'change-stream-info': Record<string, unknown>;
  'admin-end-session-stream': Record<string, unknown>;
  /** The SFU dropped this user from a private call (left, silent too long, or the call ended). */
  'private-call/closed': {
    streamId: string;
    reason: 'left' | 'timeout' | 'ended' | 'failed' | 'replaced';
    /** The `connectionId` the dropped connection's offer named, so the tab that made a newer one ignores it. */
    connectionId?: string;
  };
}

export type ServerEventName = keyof ServerEvents;

export const SERVER_EVENTS = {
  updateBalance: 'update_balance',
  transactionSuccess: 'token_transaction_success',
  paymentStatus: 'payment_status_callback',
  stripeConfirm: 'stripe_confirm_payment',
  messageCreated: 'message_created',
  messageDeleted: 'message_deleted',
  readMessages: 'nofify_read_messages_in_conversation',
  notification: 'send_notification',
} as const satisfies Record<string, ServerEventName>;

export const CLIENT_EVENTS = {
  login: 'auth/login',
  logout: 'auth/logout',
  joinRoom: 'joinRoom',
  leaveRoom: 'leaveRoom',
} as const satisfies Record<string, keyof ClientEvents>;

/** Events whose name carries a conversation id. */
export const roomEvents = {
  messageCreated: (conversationId: string) => `message_created_conversation_${conversationId}`,
  messageDeleted: (conversationId: string) => `message_deleted_conversation_${conversationId}`,
  cleared: (conversationId: string) => `clear_all_messages_${conversationId}`,
  userJoined: (conversationId: string) => `user_joined_${conversationId}`,
} as const;

/** The socket.io path, on the platform origin. */
export const SOCKET_PATH = '/socket.io';
