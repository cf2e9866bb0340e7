import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/schema/columns.js';
import { users } from '../accounts/accounts.tables.js';

// Web-push subscriptions (db/migrations/0016_messaging.sql holds their SQL).
/** A browser's web-push subscription (VAPID), one row per endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * In-app notifications (spec section 7: `GET /notification`). Written by domains when
 * something happens to the user (a renewal that failed, a new subscriber); the messaging
 * issue adds its routes and live delivery.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What happened, as a code the client translates: `subscription.renewal_failed`. */
    type: text('type').notNull(),
    /** The values the text needs (a creator's name, an amount), and the ids it links to. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.updatedAt)],
);
