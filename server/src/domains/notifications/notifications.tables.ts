import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /**
     * Kept off the site: the user turned this type's site notifications off. The row stays, so
     * its push and the `onNotify` listeners (automatic messages) still have it to work from.
     */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.updatedAt)],
);

/**
 * How a type of notification reaches a user (the account page's notification preferences).
 * A row only for a type the user changed; no row is both channels on.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A `NotificationType`: `stream.live`. */
    type: text('type').notNull(),
    /** Stored and shown on the site, and sent live. */
    site: boolean('site').notNull().default(true),
    /** Sent to the user's browsers by web push. */
    push: boolean('push').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);
