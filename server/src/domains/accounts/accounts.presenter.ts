import { PERMISSION_KEYS, type PermissionKey } from '@fandeck/contract';
import { z } from 'zod';
import type { users } from './accounts.tables.js';
import { fromCents } from '../../money/amounts.js';

type UserRow = typeof users.$inferSelect;

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string().nullable(),
  email: z.string(),
  avatar: z.string(),
  cover: z.string().nullable(),
  role: z.enum(['user', 'performer', 'manager', 'admin']),
  isPerformer: z.boolean(),
  status: z.string(),
  verifiedEmail: z.boolean(),
  /** A new address waiting for its mailed link (PUT /auth/users/me/email); `email` stays in use until then. */
  pendingEmail: z.string().nullable(),
  /** The balance the header shows: a fan's wallet; a creator's earnings (the account `update_balance` reports to them). */
  balance: z.number(),
  /** A creator's wallet, which `balance` does not show. */
  walletBalance: z.number().optional(),
  phone: z.string().nullable(),
  countryCode: z.string().nullable(),
  gender: z.string().nullable(),
  locale: z.string().nullable(),
  timezone: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Staff only (GET /users/me): the permissions granted; an admin holds every one. */
  permissions: z.array(z.enum(PERMISSION_KEYS as [PermissionKey, ...PermissionKey[]])).optional(),
  /** Creators only: whether staff approved their documents (until then they cannot sell or be paid). */
  verifiedDocument: z.boolean().optional(),
  /** Creators only (api-contract.md section 7); counts not built yet are 0, never negative. */
  stats: z
    .object({
      subscribers: z.number().int(),
      followers: z.number().int(),
      totalFeeds: z.number().int(),
      totalVideos: z.number().int(),
      totalPhotos: z.number().int(),
      totalProducts: z.number().int(),
      likes: z.number().int(),
    })
    .optional(),
});
export type UserDto = z.infer<typeof userSchema>;
export type CreatorFacts = Pick<UserDto, 'verifiedDocument' | 'stats'>;

/** Absolute link to an uploaded file, or the placeholder. */
export function fileUrl(origin: string, storagePath: string | null, fallback: string): string {
  return `${origin}/files/${storagePath ?? fallback}`;
}
export const AVATAR_PLACEHOLDER = 'defaults/avatar.svg';

/** The signed-in user's own view of their account (spec section 3, Current user). */
export function presentUser(origin: string, user: UserRow, balanceCents: number): UserDto {
  return {
    _id: user.id,
    name: user.name,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    email: user.email,
    avatar: fileUrl(origin, user.avatarPath, AVATAR_PLACEHOLDER),
    cover: user.coverPath ? fileUrl(origin, user.coverPath, '') : null,
    role: user.role,
    isPerformer: user.role === 'performer',
    status: user.status,
    verifiedEmail: user.verifiedEmail,
    pendingEmail: user.pendingEmail,
    balance: fromCents(balanceCents),
    phone: user.phone,
    countryCode: user.countryCode,
    gender: user.gender,
    locale: user.locale,
    timezone: user.timezone,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
