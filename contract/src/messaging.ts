/**
 * Wire shapes of conversations, messages, mass and automatic messages, templates, lists and
 * notifications (decimal units, ISO dates), inside the `{ status: 0, data }` envelope. Types
 * only: the server's zod response schemas accept exactly these; widgets and host read them.
 */
import { LIMITS } from './limits.js';
import type { PartyInfo } from './subscriptions.js';

/** Spec section 9: messages come 25 a page, notifications 12. */
export const MESSAGE_PAGE_SIZE = 25;
export const NOTIFICATION_PAGE_SIZE = 12;
/** Longest message text the server stores. */
export const MESSAGE_TEXT_MAX = LIMITS.message.textMax;
/** Most files one message carries. */
export const MESSAGE_FILES_MAX = LIMITS.message.filesMax;
/** The text a deleted message shows (spec section 5: "Message deleted!"), kept for old clients. */
export const DELETED_MESSAGE_TEXT = 'Message deleted!';

export type ConversationTypeWire = 'private' | 'stream' | 'group';
export type MessageTypeWire = 'text' | 'photo' | 'video' | 'audio';

export interface ConversationDto {
  _id: string;
  type: ConversationTypeWire;
  /** The creator the conversation belongs to (private: the creator side, if any; stream: its owner). */
  performerId: string | null;
  lastMessage: string;
  lastMessageCreatedAt: string | null;
  lastSenderId: string | null;
  /** The signed-in user's unseen messages here (never below 0). */
  totalNotSeenMessages: number;
  /** The other participant of a private conversation. */
  recipientInfo: PartyInfo | null;
  /** Either party blocked the other (a creator blocks a fan): the signed-in user may not write here. */
  isBlocked: boolean;
  /**
   * The conversation's fan holds an active subscription to its creator: for a fan, to the
   * creator they write to; for the creator, the fan subscribes to them. A stream chat: the
   * viewer subscribes to its creator or owns it. Clients disable the composer unless true.
   */
  isSubscribed: boolean;
  createdAt: string;
  updatedAt: string;
}

/** `POST /conversations` body: open (or find) the conversation with a user or creator. */
export interface OpenConversationBody {
  /** `performer` or `user`: what `sourceId` names. */
  source: 'performer' | 'user';
  /** The other side's id or username. */
  sourceId: string;
}

export interface MessageFileDto {
  _id: string;
  type: 'photo' | 'video' | 'audio';
  /** A short-lived signed link for this viewer; null while locked or still processing. */
  url: string | null;
  /** A photo's or video's small image (a blurred placeholder while locked). */
  thumbnailUrl: string | null;
  placeholder: string | null;
  width: number | null;
  height: number | null;
  /** Videos: `processing`, `finished` or `error`; null for photos and audio. */
  status: 'processing' | 'finished' | 'error' | null;
  durationSeconds: number | null;
}

export interface MessageDto {
  _id: string;
  /** The order messages are in; send the last one seen as `sinceSeq` to fetch what was missed. */
  seq: number;
  conversationId: string;
  /** The id the sending client made; the same id is stored once. */
  clientId: string;
  type: MessageTypeWire;
  text: string;
  senderId: string;
  senderInfo?: PartyInfo;
  isDeleted: boolean;
  opened: boolean;
  /** The first photo's signed link (old clients read this), or null. */
  imageUrl: string | null;
  files: MessageFileDto[];
  /** Paid message: what unlocking costs (0: free). */
  price: number;
  /** Paid and not yet bought by this viewer (the sender never sees it locked). */
  isLocked: boolean;
  isBought: boolean;
  massId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** `POST /messages/conversations/{id}` body. */
export interface SendMessageBody {
  /**
   * Made by the client (letters, digits, `-`, `_`, up to 64): a resend with the same id stores
   * nothing new. Our clients always send one; without it (existing clients) the server makes one.
   */
  clientId?: string;
  text?: string;
  /** Files uploaded through the message upload routes by the sender. */
  fileIds?: string[];
  /** Creators only: the price that unlocks the files (decimal units; 0 or absent: free). */
  price?: number;
}

/** `GET /messages/conversations/{id}` query: a page of 25, oldest first. */
export interface MessageListQuery {
  offset?: number;
  limit?: number;
  /** Only messages after this `seq` (after a reconnect: what was missed), oldest first. */
  sinceSeq?: number;
  /** Older history: messages before this `seq`, the 25 newest of them, oldest first. */
  beforeSeq?: number;
}

/** `message_deleted` and `message_deleted_conversation_{id}` payload. */
export interface MessageDeletedEvent {
  _id: string;
  conversationId: string;
  text: typeof DELETED_MESSAGE_TEXT;
  isDeleted: true;
}

/** An uploaded message file, before it is sent in a message. */
export interface MessageUploadDto {
  _id: string;
  type: 'photo' | 'video' | 'audio';
  url: string | null;
  status: 'processing' | 'finished' | 'error' | null;
}

export type MassMessageStatusWire = 'scheduled' | 'sending' | 'sent' | 'canceled';
export interface MassAudienceWire {
  kind: 'subscribers' | 'followers' | 'lists';
  listIds?: string[];
}

export interface MassMessageDto {
  _id: string;
  performerId: string;
  text: string;
  price: number;
  fileIds: string[];
  audience: MassAudienceWire;
  status: MassMessageStatusWire;
  scheduledAt: string | null;
  sentAt: string | null;
  recipientsCount: number;
  openedCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface MassMessageBody {
  text?: string;
  price?: number;
  fileIds?: string[];
  audience: MassAudienceWire;
  /** Absent: sent now. */
  scheduledAt?: string | null;
}

/** The body of POST and PUT /message-templates. */
export interface MessageTemplateBody {
  name: string;
  text?: string;
  price?: number;
  fileIds?: string[];
}

export interface MessageTemplateDto {
  _id: string;
  name: string;
  text: string;
  price: number;
  fileIds: string[];
  createdAt: string;
  updatedAt: string;
}

export type AutoMessageTriggerWire = 'subscribe' | 'tip' | 'follow';
export interface AutoMessageDto {
  _id: string;
  trigger: AutoMessageTriggerWire;
  text: string;
  price: number;
  fileIds: string[];
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The body of POST and PUT /list-categorized. */
export interface CategorizedListBody {
  name: string;
  description?: string;
  userIds?: string[];
}

export interface CategorizedListDto {
  _id: string;
  name: string;
  description: string;
  userIds: string[];
  membersCount: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * A notification. `type` is a code the client translates (`subscription.renewal_failed`,
 * `follow.created`, `subscription.created`, `tip.received`, `comment.created`,
 * `message.received`); `data` carries the values the text needs and the ids it links to.
 */
export interface NotificationDto {
  _id: string;
  type: string;
  data: Record<string, unknown>;
  read: boolean;
  createdAt: string;
  updatedAt: string;
}

export const NOTIFICATION_TYPES = [
  'subscription.renewal_failed',
  'subscription.created',
  'follow.created',
  'tip.received',
  'comment.created',
  'message.received',
  'private_stream.updated',
  /** A creator the user follows or subscribes to went live (`performerId`, `performerUsername`, `streamId`, `title`). */
  'stream.live',
  /** Staff acting on a report warned the author (`reportId`, `note`). */
  'moderation.warning',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * The types each kind of account can receive, in the order the account page lists them:
 * what a fan is told, and what a creator is told (a creator is also someone's fan).
 */
export const NOTIFICATION_TYPES_BY_ROLE = {
  user: ['stream.live', 'message.received', 'private_stream.updated', 'subscription.renewal_failed'],
  performer: [
    'subscription.created',
    'tip.received',
    'message.received',
    'follow.created',
    'comment.created',
    'private_stream.updated',
    'stream.live',
    'subscription.renewal_failed',
  ],
} as const satisfies Record<'user' | 'performer', readonly NotificationType[]>;

/** A type a user may turn off: one a role is offered (a staff warning, for one, always arrives). */
export type ChoosableNotificationType = (typeof NOTIFICATION_TYPES_BY_ROLE)[keyof typeof NOTIFICATION_TYPES_BY_ROLE][number];
export const CHOOSABLE_NOTIFICATION_TYPES: readonly ChoosableNotificationType[] = [...new Set([...NOTIFICATION_TYPES_BY_ROLE.performer, ...NOTIFICATION_TYPES_BY_ROLE.user])];

/** How one type reaches the user: on the site (stored, live) and by web push. Both on unless turned off. */
export interface NotificationPreference {
  type: ChoosableNotificationType;
  site: boolean;
  push: boolean;
}

/** `GET /notification/preferences`: one entry per type the account's role receives. */
export interface NotificationPreferencesDto {
  preferences: NotificationPreference[];
}

/** `PUT /notification/preferences`: the types to change (others keep theirs); answers every type. */
export interface NotificationPreferencesBody {
  preferences: NotificationPreference[];
}

/** An unread count: `GET /messages/total-unread-messages`, `POST /messages/read-all/:id`, `GET /notification/total-unread`. */
export interface UnreadTotal {
  total: number;
}

/** `POST /notification/push/subscriptions` body: a browser PushSubscription's JSON. */
export interface PushSubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}
