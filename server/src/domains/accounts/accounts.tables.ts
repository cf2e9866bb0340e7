import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/schema/columns.js';

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
