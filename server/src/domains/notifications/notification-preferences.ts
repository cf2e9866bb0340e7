/**
 * Per-type notification preferences: whether a type shows on the site and whether it is
 * pushed. A row exists only for a type the user changed; no row is both on.
 */
import { CHOOSABLE_NOTIFICATION_TYPES, NOTIFICATION_TYPES_BY_ROLE, type ChoosableNotificationType, type NotificationPreference } from '@fandeck/contract';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { notificationPreferences } from './notifications.tables.js';

export interface Channels {
  site: boolean;
  push: boolean;
}

const BOTH_ON: Channels = { site: true, push: true };

const preferenceSchema = z.object({ type: z.enum(CHOOSABLE_NOTIFICATION_TYPES as [ChoosableNotificationType, ...ChoosableNotificationType[]]), site: z.boolean(), push: z.boolean() });
export const preferencesSchema = z.object({ preferences: z.array(preferenceSchema) });
/** The body of `PUT /notification/preferences`: at most one entry per type. */
export const preferencesBody = z.object({
  preferences: z
    .array(preferenceSchema)
    .max(CHOOSABLE_NOTIFICATION_TYPES.length)
    .refine((list) => new Set(list.map((one) => one.type)).size === list.length, { message: 'each type at most once' }),
});

/** How a notification of `type` reaches `userId` now. */
export async function channelsFor(db: DbOrTx, userId: string, type: string): Promise<Channels> {
  const [row] = await db
    .select({ site: notificationPreferences.site, push: notificationPreferences.push })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type)));
  return row ?? BOTH_ON;
}

/** The types a role receives: a creator's list, else a fan's (staff are told as fans are). */
const typesOf = (role: string): readonly ChoosableNotificationType[] => (role === 'performer' ? NOTIFICATION_TYPES_BY_ROLE.performer : NOTIFICATION_TYPES_BY_ROLE.user);

/** Every type the user's role receives, with its channels. */
export async function listPreferences(db: DbOrTx, userId: string, role: string): Promise<NotificationPreference[]> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const byType = new Map(rows.map((row) => [row.type, row]));
  return typesOf(role).map((type) => {
    const row = byType.get(type);
    return { type, site: row?.site ?? true, push: row?.push ?? true };
  });
}

/** Stores the given types' channels (others keep theirs). */
export async function savePreferences(db: DbOrTx, userId: string, preferences: NotificationPreference[], now: Date): Promise<void> {
  if (preferences.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(preferences.map((one) => ({ userId, type: one.type, site: one.site, push: one.push, updatedAt: now })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type],
      set: { site: sql`excluded.site`, push: sql`excluded.push`, updatedAt: now },
    });
}
