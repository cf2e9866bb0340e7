import type { NotificationDto } from '@fandeck/contract';
import { z } from 'zod';
import type { notifications } from './notifications.tables.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** The contract's `NotificationDto`, exactly (a compile-time check below keeps them equal). */
export const notificationSchema = z.object({
  _id: z.string(),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** `{ total }`: the signed-in user's unread notifications (never below 0). */
export const unreadTotalSchema = z.object({ total: z.number().int().min(0) });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const wireMatches: Same<z.infer<typeof notificationSchema>, NotificationDto> = true;
void wireMatches;

export function presentNotification(row: NotificationRow): NotificationDto {
  return {
    _id: row.id,
    type: row.type,
    data: row.data,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
