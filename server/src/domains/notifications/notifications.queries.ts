/** The signed-in user's notifications: a page, the unread count, and marking them read. */
import { NOTIFICATION_PAGE_SIZE, type NotificationDto } from '@fandeck/contract';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notifications } from './notifications.tables.js';
import { notFound } from '../../http/errors.js';
import { sortColumnOf, toPage, type ListQuery } from '../../http/pagination.js';
import { presentNotification } from './notifications.presenter.js';

/** The columns a page may be sorted by (`sortBy`, default `updatedAt`). */
export const notificationSortColumns = {
  updatedAt: notifications.updatedAt,
  createdAt: notifications.createdAt,
} as const;

/** The user's notifications the site shows: not those of a type they keep off the site (`hidden`). */
const shownTo = (userId: string) => and(eq(notifications.userId, userId), eq(notifications.hidden, false));

/** A page of the user's notifications, newest first by default (12 a page: spec section 9). */
export async function listNotifications(db: DbOrTx, userId: string, query: ListQuery): Promise<{ items: NotificationDto[]; total: number }> {
  const page = toPage(query, { limit: NOTIFICATION_PAGE_SIZE });
  const order = page.sort === 'asc' ? asc : desc;
  const mine = shownTo(userId);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      // The id breaks ties, so rows written in the same instant never repeat or go missing across pages.
      .orderBy(order(sortColumnOf(notificationSortColumns, page, notifications.updatedAt)), order(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(notifications).where(mine),
  ]);
  return { items: rows.map(presentNotification), total: counted?.total ?? 0 };
}

/** How many of the user's notifications are unread: counted from the rows, so never below 0. */
export async function unreadTotal(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(shownTo(userId), isNull(notifications.readAt)));
  return row?.total ?? 0;
}

// Reading leaves `updatedAt` alone: a read must not move a notification to the top of the list.
const keepUpdatedAt = { updatedAt: sql`${notifications.updatedAt}` };

/**
 * Marks one of the user's own notifications read. Reading it again changes nothing; another
 * user's notification, or none by that id, is a 404 (the two are not told apart).
 */
export async function markRead(db: DbOrTx, userId: string, id: string, now: Date): Promise<void> {
  const mine = and(eq(notifications.id, id), eq(notifications.userId, userId));
  const changed = await db
    .update(notifications)
    .set({ readAt: now, ...keepUpdatedAt })
    .where(and(mine, isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (changed.length > 0) return;
  const [found] = await db.select({ id: notifications.id }).from(notifications).where(mine);
  if (!found) throw notFound('notifications.not_found', 'No such notification');
}

/** Marks every unread notification of the user read. */
export async function markAllRead(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now, ...keepUpdatedAt })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
