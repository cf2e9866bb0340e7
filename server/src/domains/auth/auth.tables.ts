import { bigint, boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../../db/schema/columns.js';
import { users } from '../accounts/accounts.tables.js';

/** Session tokens: only a SHA-256 of the opaque token is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_unique').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);

export const ONE_TIME_PURPOSES = ['email-verification', 'password-reset', 'email-change'] as const;
export type OneTimePurpose = (typeof ONE_TIME_PURPOSES)[number];

/** Single-use tokens mailed to users (verification, password reset); stored hashed. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<OneTimePurpose>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_unique').on(t.tokenHash)],
);

/** Failed sign-ins per account (`acct:<id>`) and per address (`ip:<ip>`). */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: bigint('failures', { mode: 'number' }).notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const permissions = pgTable('permissions', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  group: text('group').notNull(),
});

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionKey: text('permission_key')
      .notNull()
      .references(() => permissions.key, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionKey] })],
);
