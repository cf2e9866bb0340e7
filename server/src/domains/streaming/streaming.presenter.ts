import { z } from 'zod';
import type { GoLiveDto, PartyInfo, RecordingDto, StreamDto, StreamJoinDto, StreamPresenceEvent } from '@fandeck/contract';
import { conversationSchema } from '../messaging/index.js';
import { streamRecordings, streams } from './streaming.tables.js';
import { partyInfoSchema } from '../earnings/index.js';

export type StreamRow = typeof streams.$inferSelect;
export type RecordingRow = typeof streamRecordings.$inferSelect;

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

export const joinSchema = z.object({
  stream: streamSchema,
  canWatch: z.boolean(),
  reason: z.enum(['subscribers_only', 'offline', 'sign_in']).nullable(),
  playlistUrl: z.string().nullable(),
  agora: z.object({ appId: z.string(), channel: z.string() }).nullable(),
  conversation: conversationSchema.optional(),
}) satisfies z.ZodType<StreamJoinDto>;

export const goLiveSchema = streamSchema.extend({ stream: streamSchema, conversation: conversationSchema }) satisfies z.ZodType<GoLiveDto>;

export const recordingSchema = z.object({
  _id: z.string(),
  streamId: z.string(),
  durationSeconds: z.number().nullable(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
}) satisfies z.ZodType<RecordingDto>;

export function presentStream(row: StreamRow, performerInfo?: PartyInfo): StreamDto {
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
    startedAt: row.startedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(performerInfo ? { performerInfo } : {}),
  };
}

export const presentRecording = (row: RecordingRow): RecordingDto => ({
  _id: row.id,
  streamId: row.streamId,
  durationSeconds: row.durationSeconds,
  sizeBytes: row.sizeBytes,
  createdAt: row.createdAt.toISOString(),
});

export const presenceOf = (row: StreamRow, userId?: string): StreamPresenceEvent => ({
  streamId: row.id,
  conversationId: row.conversationId ?? '',
  viewerCount: row.viewerCount,
  ...(userId ? { userId } : {}),
});
