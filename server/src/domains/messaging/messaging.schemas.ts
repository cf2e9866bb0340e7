/**
 * The messaging domain's request schemas and the response schemas that equal the contract's
 * wire types (ConversationDto, MessageDto, MessageFileDto, MessageUploadDto); a compile-time
 * check below keeps them equal.
 */
import type { ConversationDto, MessageDeletedEvent, MessageDto, MessageFileDto, MessageUploadDto, PartyInfo } from '@fandeck/contract';
import { DELETED_MESSAGE_TEXT, MESSAGE_FILES_MAX, MESSAGE_PAGE_SIZE, MESSAGE_TEXT_MAX } from '@fandeck/contract';
import { z } from 'zod';
import { FILE_STATUSES } from '../../media/files.tables.js';
import { amountSchema } from '../../money/amounts.js';
import { listQuerySchema, MAX_PAGE_SIZE, sortableListQuery } from '../../http/pagination.js';

export const id = z.string().min(1).max(64);
export const idParams = z.object({ id });
export const fileParams = z.object({ id, fileId: id });

/** The most a paid message may cost: 10,000.00 (the default tip maximum). */
export const MESSAGE_PRICE_MAX_CENTS = 1_000_000;
/** `sinceSeq` answers at most this many messages a call; the client asks again from the last one. */
export const SINCE_PAGE_MAX = MAX_PAGE_SIZE;

/** `POST /messages/conversations/{id}` and the stream sends. */
export const sendMessageSchema = z.object({
  /** Optional: existing clients send none (and a `type`, which is dropped); the server then makes one. */
  clientId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _').optional(),
  text: z.string().trim().max(MESSAGE_TEXT_MAX).default(''),
  fileIds: z
    .array(id)
    .max(MESSAGE_FILES_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'a file is listed twice')
    .default([]),
  /** Decimal units; 0 or absent: free. */
  price: amountSchema.pipe(z.number().int().min(0, 'must not be negative').max(MESSAGE_PRICE_MAX_CENTS, 'must be at most 10000.00')).default(0),
});
export type SendMessageInput = z.output<typeof sendMessageSchema>;

export const openConversationSchema = z.object({
  source: z.enum(['performer', 'user']),
  /** The other side's id or username. */
  sourceId: z.string().trim().min(1).max(64),
});

export const conversationSortColumns = { updatedAt: true, createdAt: true, lastMessageCreatedAt: true } as const;
export const conversationListQuerySchema = sortableListQuery(conversationSortColumns).extend({
  /** The other participant's name or username. */
  q: z.string().trim().max(100).optional(),
  keyword: z.string().trim().max(100).optional(),
  type: z.enum(['private', 'stream']).optional(),
});
export type ConversationListQuery = z.output<typeof conversationListQuerySchema>;

export const messageListQuerySchema = listQuerySchema.pick({ offset: true, limit: true }).extend({
  sinceSeq: z.coerce.number().int().min(0).optional(),
  beforeSeq: z.coerce.number().int().min(1).optional(),
});
export type MessageListQuery = z.output<typeof messageListQuerySchema>;
export const DEFAULT_PAGE = MESSAGE_PAGE_SIZE;

export const streamUpdateSchema = z
  .object({
    /** The stream this chat belongs to now, when the streaming domain names one; null clears it. */
    streamId: id.nullable().optional(),
  })
  .default({});

export const partyInfoSchema = z.object({ _id: z.string(), name: z.string(), username: z.string().nullable(), avatar: z.string() });

export const conversationSchema = z.object({
  _id: z.string(),
  type: z.enum(['private', 'stream', 'group']),
  performerId: z.string().nullable(),
  lastMessage: z.string(),
  lastMessageCreatedAt: z.string().nullable(),
  lastSenderId: z.string().nullable(),
  totalNotSeenMessages: z.number().int(),
  recipientInfo: partyInfoSchema.nullable(),
  isBlocked: z.boolean(),
  isSubscribed: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const messageFileSchema = z.object({
  _id: z.string(),
  type: z.enum(['photo', 'video', 'audio']),
  url: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  placeholder: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  status: z.enum(FILE_STATUSES).nullable(),
  durationSeconds: z.number().nullable(),
});

export const messageSchema = z.object({
  _id: z.string(),
  seq: z.number().int(),
  conversationId: z.string(),
  clientId: z.string(),
  type: z.enum(['text', 'photo', 'video', 'audio']),
  text: z.string(),
  senderId: z.string(),
  senderInfo: partyInfoSchema.optional(),
  isDeleted: z.boolean(),
  opened: z.boolean(),
  imageUrl: z.string().nullable(),
  files: z.array(messageFileSchema),
  price: z.number(),
  isLocked: z.boolean(),
  isBought: z.boolean(),
  massId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const messageDeletedSchema = z.object({
  _id: z.string(),
  conversationId: z.string(),
  text: z.literal(DELETED_MESSAGE_TEXT),
  isDeleted: z.literal(true),
});

export const messageUploadSchema = z.object({
  _id: z.string(),
  type: z.enum(['photo', 'video', 'audio']),
  url: z.string().nullable(),
  status: z.enum(FILE_STATUSES).nullable(),
});

export const totalSchema = z.object({ total: z.number().int() });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const wireMatches: [
  Same<z.infer<typeof conversationSchema>, ConversationDto>,
  Same<z.infer<typeof messageSchema>, MessageDto>,
  Same<z.infer<typeof messageFileSchema>, MessageFileDto>,
  Same<z.infer<typeof messageUploadSchema>, MessageUploadDto>,
  Same<z.infer<typeof messageDeletedSchema>, MessageDeletedEvent>,
  Same<z.infer<typeof partyInfoSchema>, PartyInfo>,
] = [true, true, true, true, true, true];
void wireMatches;
