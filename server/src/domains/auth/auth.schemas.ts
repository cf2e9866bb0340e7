import { z } from 'zod';
import { ID_PATTERN } from '../../db/schema/ids.js';

/** Paths of the host site that a username would shadow at /{profileId}. */
const RESERVED_USERNAMES = new Set([
  'auth', 'home', 'user', 'creator', 'creators', 'api', 'files', 'widgets', 'loader', 'embed', 'assets', 'brand',
  'admin', 'socket.io', 'embed.js', 'settings', 'search', 'messages', 'wallet', 'payment', 'start',
]);
/** A username that looks like a file would be served as one at /{profileId} (site.ts). */
const FILE_LIKE = /\.(js|mjs|css|map|html|json|txt|xml|svg|png|jpe?g|gif|webp|ico|woff2?|ttf|mp4|webm|mp3|wasm)$/i;

export const emailSchema = z.email('must be a valid email address').max(254).transform((e) => e.trim().toLowerCase());
export const passwordSchema = z.string().min(8, 'must have at least 8 characters').max(128, 'must have at most 128 characters');
export const usernameSchema = z
  .string()
  .min(3, 'must have at least 3 characters')
  .max(30, 'must have at most 30 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'may hold only letters, digits, dot, underscore and hyphen')
  .refine((u) => !ID_PATTERN.test(u.toLowerCase()), 'must not look like an id')
  .refine((u) => !RESERVED_USERNAMES.has(u.toLowerCase()), 'is reserved')
  .refine((u) => !FILE_LIKE.test(u), 'must not end like a file name');
export const personNameSchema = z.string().trim().max(100, 'must have at most 100 characters');
export const genderSchema = z.enum(['male', 'female', 'trans']);
export const countryCodeSchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
  .transform((c) => c.toUpperCase());

export const loginBodySchema = z
  .object({
    username: z.string().trim().min(1).max(254).optional(),
    email: z.string().trim().min(1).max(254).optional(),
    password: z.string().min(1, 'is required').max(128),
    remember: z.boolean().optional(),
  })
  .refine((b) => b.username || b.email, { message: 'username or email is required', path: ['username'] });

export const fanRegisterSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  username: usernameSchema.optional(),
  name: personNameSchema.optional(),
  firstName: personNameSchema.optional(),
  lastName: personNameSchema.optional(),
  gender: genderSchema.optional(),
  phone: z.string().max(32).optional(),
  countryCode: countryCodeSchema.optional(),
  referralCode: z.string().max(64).optional(),
});
export type FanRegister = z.infer<typeof fanRegisterSchema>;

export const performerRegisterSchema = fanRegisterSchema.extend({
  username: usernameSchema,
  firstName: personNameSchema.min(1, 'is required'),
  lastName: personNameSchema.min(1, 'is required'),
  gender: genderSchema,
  countryCode: countryCodeSchema,
  dateOfBirth: z.iso.date('must be a date as YYYY-MM-DD'),
  phone: z.string().min(1, 'is required').max(32),
});
export type PerformerRegister = z.infer<typeof performerRegisterSchema>;
