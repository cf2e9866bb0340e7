import { z } from 'zod';
import { sortableListQuery } from '../../http/pagination.js';
import { isKnownCountry } from '../reference/index.js';

export const BLOCK_REASON_MAX = 500;
/** More than every country there is: a longer list is a mistake, not a wish. */
export const BLOCKED_COUNTRIES_MAX = 300;

const id = z.string().min(1).max(64);

export const blockUserBody = z.object({
  /** The user's id. */
  targetId: id,
  reason: z.string().trim().max(BLOCK_REASON_MAX).optional(),
});

export const blockListQuerySchema = sortableListQuery({ createdAt: true, username: true }).extend({ q: z.string().trim().max(100).optional() });
export type BlockListQuery = z.output<typeof blockListQuerySchema>;

const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
  .refine(isKnownCountry, 'not an ISO 3166-1 alpha-2 country code')
  .describe('Two-letter country code (BR), either case');

export const blockCountriesBody = z.object({
  /** The whole list: it replaces the previous one; `[]` clears it. */
  countryCodes: z.array(countryCode).max(BLOCKED_COUNTRIES_MAX),
});

export const blockedUserSchema = z.object({
  _id: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  avatar: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
