/**
 * Private call requests and their streams as the wire shows them (contract
 * `PrivateStreamRequestDto`, `StreamDto`, `StreamJoinDto`): decimal prices, ISO dates.
 */
import type { PrivateCallJoinDto, PrivateStreamRequestDto } from '@fandeck/contract';
import { z } from 'zod';
import type { privateStreamRequests } from './private-streams.tables.js';
import { fromCents } from '../../money/amounts.js';
import { partyInfoSchema, presentParty, type PartyRow } from '../earnings/index.js';
import { joinSchema } from '../streaming/index.js';

export type RequestRow = typeof privateStreamRequests.$inferSelect;

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
  paid: z.boolean(),
}) satisfies z.ZodType<PrivateStreamRequestDto>;

/** The private join: the stream's join answer plus the request with both parties, so the call shows who is on the other side. */
export const privateJoinSchema = joinSchema.extend({ request: privateRequestSchema }) satisfies z.ZodType<PrivateCallJoinDto>;

// A private call's stream is a stream: the streaming domain's wire shapes, not a copy.
export { presentStream, streamSchema, type StreamRow } from '../streaming/index.js';


/** `paid`: whether the fan's wallet charge for it went through (`paidRequestIds` in the service). */
export function presentRequest(row: RequestRow, origin: string, paid: boolean, parties?: Map<string, PartyRow>): PrivateStreamRequestDto {
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
    paid,
  };
}

/** The Agora channel of a stream (`stream-<streamId>`): the one name the token route accepts. */
export const channelOf = (streamId: string) => `stream-${streamId}`;
