import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.js';

export const ROLES = ['user', 'performer', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const ACCOUNT_STATUSES = ['pending-email-confirmation', 'active', 'inactive'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    role: text('role').$type<Role>().notNull().default('user'),
    email: text('email').notNull(),
    username: text('username'),
    name: text('name').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    status: text('status').$type<AccountStatus>().notNull().default('active'),
    verifiedEmail: boolean('verified_email').notNull().default(false),
    /** An address the owner asked to move to: it replaces `email` only once its mailed link is opened. */
    pendingEmail: text('pending_email'),
    avatarPath: text('avatar_path'),
    coverPath: text('cover_path'),
    phone: text('phone'),
    countryCode: text('country_code'),
    gender: text('gender'),
    dateOfBirth: text('date_of_birth'),
    locale: text('locale'),
    timezone: text('timezone'),
    referralCode: text('referral_code'),
    referredBy: text('referred_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_referral_code_unique').on(t.referralCode),
    index('users_role_idx').on(t.role),
  ],
);

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
