/**
 * The live connection's events (contract section 3) and what each carries. Names are
 * the contract's, spelling included (`nofify_…`). Payload types are the server's promise
 * and the clients' assumption; listeners still check what they read.
 */
import type { ErrorCode } from './errors.js';
import type { StreamSupportEvent } from './gifts.js';
import type { MessageDeletedEvent, MessageDto, NotificationDto } from './messaging.js';
import type { StreamDto, StreamPresenceEvent } from './streaming.js';

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
  /**
   * Writes in a stream chat over the signed-in socket (the HTTP send route stays for files and
   * as the fallback): the same rules as `messages.streamSend` (signed in, not blocked by the
   * creator, `MESSAGE_TEXT_MAX`). The ack (`StreamChatSendAnswer`) comes once the message is
   * stored; a resend with the same `clientId` is stored once and answers the stored message.
   */
  'stream-chat/send': StreamChatSendPayload;
}

/** A stream chat message as the socket takes it: text only, free. */
export interface StreamChatSendPayload {
  conversationId: string;
  /** Made by the client, 1 to 64 letters, digits, `-`, `_`: the send is stored once per (sender, clientId). */
  clientId: string;
  text: string;
}

/**
 * The ack of `stream-chat/send`: the stored message as its sender sees it, or why not
 * (`auth.sign_in_required`, `request.invalid`, `messages.empty`, `conversations.not_found`,
 * `conversations.blocked`, `messages.client_id_conflict`, `auth.account_inactive`, `server.error`).
 */
export type StreamChatSendAnswer = { ok: true; message: MessageDto } | { ok: false; code: ErrorCode };

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

/**
 * Server to client: each event's name and what it carries, the one list the server's emits and
 * the clients' listeners are typed by. Names with a conversation id in them are built by `roomEvents`.
 */
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
  /** Listed for existing clients (contract section 3); this server sends none yet, so nothing is promised about it. */
  pin_message_updated: Record<string, unknown>;
  /** Listed for existing clients (contract section 3); this server sends none yet, so nothing is promised about it. */
  'join-broadcaster': Record<string, unknown>;
  /** The creator's ingest started: the stream's room, with the creator as `userId`. */
  'model-joined': StreamPresenceEvent;
  /** The creator's ingest stopped or the stream ended. */
  'model-left': StreamPresenceEvent;
  /** A viewer entered the stream's room (`userId` when signed in); `viewerCount` is the new count. */
  'member-joined': StreamPresenceEvent;
  /** The stream's presence changed (a viewer came or went, the creator started or stopped). */
  'public-room-changed': StreamPresenceEvent;
  /** The creator changed the stream's title, description, audience or planned length. */
  'change-stream-info': StreamDto;
  /** Staff ended the stream: to its room and to the creator. */
  'admin-end-session-stream': StreamPresenceEvent;
  /** A fan tipped in the stream's chat or sent a gift in it (paid): to the room `stream:{id}`, the creator included. */
  'stream-support': StreamSupportEvent;
  /** The SFU dropped this user from a private call (left, silent too long, or the call ended). */
  'private-call/closed': {
    streamId: string;
    reason: 'left' | 'timeout' | 'ended' | 'failed' | 'replaced';
    /** The `connectionId` the dropped connection's offer named, so the tab that made a newer one ignores it. */
    connectionId?: string;
  };
  // Names built by `roomEvents`, with a conversation id after the prefix.
  /** A new message in a conversation's room (a stream chat: the public view; a private one: without links). */
  [event: `message_created_conversation_${string}`]: MessageDto;
  [event: `message_deleted_conversation_${string}`]: MessageDeletedEvent;
  /** A creator cleared a stream chat. */
  [event: `clear_all_messages_${string}`]: { conversationId: string };
  /** Listed for existing clients (contract section 3); this server sends none yet, so nothing is promised about it. */
  [event: `user_joined_${string}`]: Record<string, unknown>;
}

/** Every event the server sends, fixed names and names built by `roomEvents` alike. */
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
  streamSupport: 'stream-support',
} as const satisfies Record<string, ServerEventName>;

export const CLIENT_EVENTS = {
  login: 'auth/login',
  logout: 'auth/logout',
  joinRoom: 'joinRoom',
  leaveRoom: 'leaveRoom',
  streamChatSend: 'stream-chat/send',
} as const satisfies Record<string, keyof ClientEvents>;

/** Events whose name carries a conversation id. */
export const roomEvents = {
  messageCreated: (conversationId: string) => `message_created_conversation_${conversationId}` as const,
  messageDeleted: (conversationId: string) => `message_deleted_conversation_${conversationId}` as const,
  cleared: (conversationId: string) => `clear_all_messages_${conversationId}` as const,
  userJoined: (conversationId: string) => `user_joined_${conversationId}` as const,
} as const satisfies Record<string, (conversationId: string) => ServerEventName>;

/** The socket.io path, on the platform origin. */
export const SOCKET_PATH = '/socket.io';
