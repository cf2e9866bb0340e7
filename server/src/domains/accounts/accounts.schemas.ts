/** The fields of an account, as every form that creates or edits one validates them. */
import { LIMITS, normalizeUsername, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from '@fandeck/contract';
import { z } from 'zod';
import { ID_PATTERN } from '../../db/schema/ids.js';
import { badRequest } from '../../http/errors.js';

/** Paths of the host site that a username would shadow at /{profileId}. */
const RESERVED_USERNAMES = new Set([
  'auth', 'home', 'user', 'creator', 'creators', 'api', 'files', 'widgets', 'loader', 'embed', 'assets', 'brand',
  'admin', 'socket.io', 'embed.js', 'settings', 'search', 'messages', 'wallet', 'payment', 'start', 'discover', 'live',
  // /performers/{name} answers these itself.
  'top', 'me',
]);
/** A username that looks like a file would be served as one at /{profileId} (site.ts). */
const FILE_LIKE = /\.(js|mjs|css|map|html|json|txt|xml|svg|png|jpe?g|gif|webp|ico|woff2?|ttf|mp4|webm|mp3|wasm)$/i;

export const emailSchema = z.email('must be a valid email address').max(LIMITS.account.emailMax).transform((e) => e.trim().toLowerCase());
export const passwordSchema = z
  .string()
  .min(LIMITS.account.passwordMin, `must have at least ${LIMITS.account.passwordMin} characters`)
  .max(LIMITS.account.passwordMax, `must have at most ${LIMITS.account.passwordMax} characters`);
const notIdLike = (u: string) => !ID_PATTERN.test(u.toLowerCase());
const notReserved = (u: string) => !RESERVED_USERNAMES.has(u.toLowerCase());

/** What an account form may send back: also the usernames made before the rule (`ana.lima`), which keep working. */
export const usernameSchema = z
  .string()
  .min(USERNAME_MIN, `must have at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `must have at most ${USERNAME_MAX} characters`)
  .regex(/^[A-Za-z0-9_.-]+$/, 'may hold only letters, digits, dot, underscore and hyphen')
  .refine(notIdLike, 'must not look like an id')
  .refine(notReserved, 'is reserved')
  .refine((u) => !FILE_LIKE.test(u), 'must not end like a file name');

export const USERNAME_RULE = `must be ${USERNAME_MIN} to ${USERNAME_MAX} lowercase letters and digits`;

/** A username chosen now (registration): the contract's rule, lowercased first (usernames compare without case). */
export const newUsernameSchema = z
  .string()
  .transform(normalizeUsername)
  .pipe(z.string().regex(USERNAME_PATTERN, USERNAME_RULE).refine(notIdLike, 'must not look like an id').refine(notReserved, 'is reserved'));

/**
 * The username an account form asks for, as it is to be stored: undefined when none was
 * sent or it is the current one (compared without case: a form sends the whole account
 * back, and a name made before the rule is not refused for being sent back); a change
 * must follow the contract's rule (400 on `body.username`) and is stored lowercased.
 */
export function usernameChange(current: string | null, wanted: string | undefined): string | undefined {
  if (wanted === undefined || wanted.toLowerCase() === (current ?? '').toLowerCase()) return undefined;
  const username = normalizeUsername(wanted);
  if (!USERNAME_PATTERN.test(username)) throw badRequest('request.invalid', `body.username: ${USERNAME_RULE}`, ['body.username']);
  return username;
}
export const personNameSchema = z.string().trim().max(LIMITS.account.personNameMax, `must have at most ${LIMITS.account.personNameMax} characters`);
export const genderSchema = z.enum(['male', 'female', 'trans']);
export const countryCodeSchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
  .transform((c) => c.toUpperCase());
