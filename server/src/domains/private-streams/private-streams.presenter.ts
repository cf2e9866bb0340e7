/**
 * Private call requests and their streams as the wire shows them (contract
 * `PrivateStreamRequestDto`, `StreamDto`, `StreamJoinDto`): decimal prices, ISO dates.
 */
import type { PrivateStreamRequestDto, StreamDto, StreamJoinDto } from '@fandeck/contract';
import { z } from 'zod';
import type { privateStreamRequests, streams } from '../../db/schema/index.js';
import { fromCents } from '../../http/money.js';
import { partyInfoSchema, presentParty, type PartyRow } from '../earnings/party-info.js';

export type RequestRow = typeof privateStreamRequests.$inferSelect;
export type StreamRow = typeof streams.$inferSelect;

export const privateRequestSchema = z.object({
  _id: z.string(),
  performerId: z.string(),
  userId: z.string(),
  conversationId: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  price: z.number(),
  duration: z.number().int(),
  note: z.string(),
  streamId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  performerInfo: partyInfoSchema.optional(),
  userInfo: partyInfoSchema.optional(),
}) satisfies z.ZodType<PrivateStreamRequestDto>;

export const streamSchema = z.object({
  _id: z.string(),
  performerId: z.string(),
  type: z.enum(['public', 'private', 'group']),
  title: z.string(),
  description: z.string(),
  subscribersOnly: z.boolean(),
  state: z.enum(['created', 'broadcasting', 'finished']),
  conversationId: z.string(),
  viewerCount: z.number().int(),
  duration: z.number().int().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  performerInfo: partyInfoSchema.optional(),
}) satisfies z.ZodType<StreamDto>;

export const privateJoinSchema = z.object({
  stream: streamSchema,
  canWatch: z.boolean(),
  reason: z.enum(['subscribers_only', 'offline', 'sign_in']).nullable(),
  playlistUrl: z.string().nullable(),
  agora: z.object({ appId: z.string(), channel: z.string() }).nullable(),
}) satisfies z.ZodType<StreamJoinDto>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentRequest(row: RequestRow, origin: string, parties?: Map<string, PartyRow>): PrivateStreamRequestDto {
  const performer = parties?.get(row.performerId);
  const fan = parties?.get(row.userId);
  return {
    _id: row.id,
    performerId: row.performerId,
    userId: row.userId,
    conversationId: row.conversationId ?? '',
    status: row.status,
    price: fromCents(row.priceCents),
    duration: row.durationMinutes,
    note: row.note,
    streamId: row.streamId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(performer ? { performerInfo: presentParty(origin, performer) } : {}),
    ...(fan ? { userInfo: presentParty(origin, fan) } : {}),
  };
}

export function presentStream(row: StreamRow): StreamDto {
  return {
    _id: row.id,
    performerId: row.performerId,
    type: row.type,
    title: row.title,
    description: row.description,
    subscribersOnly: row.subscribersOnly,
    state: row.state,
    conversationId: row.conversationId ?? '',
    viewerCount: row.viewerCount,
    duration: row.durationMinutes,
    startedAt: iso(row.startedAt),
    endedAt: iso(row.endedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The Agora channel of a stream (`stream-<streamId>`): the one name the token route accepts. */
export const channelOf = (streamId: string) => `stream-${streamId}`;
