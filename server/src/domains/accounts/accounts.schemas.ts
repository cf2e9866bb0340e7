/** The fields of an account, as every form that creates or edits one validates them. */
import { z } from 'zod';
import { ID_PATTERN } from '../../db/schema/ids.js';

/** Paths of the host site that a username would shadow at /{profileId}. */
const RESERVED_USERNAMES = new Set([
  'auth', 'home', 'user', 'creator', 'creators', 'api', 'files', 'widgets', 'loader', 'embed', 'assets', 'brand',
  'admin', 'socket.io', 'embed.js', 'settings', 'search', 'messages', 'wallet', 'payment', 'start', 'discover',
  // /performers/{name} answers these itself.
  'top', 'me',
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
