/**
 * The wire shapes as zod schemas, for the server (validation and OpenAPI). Widgets and
 * the host import only the types (`import type`): no validation runtime reaches an
 * embed bundle, and a test keeps it so.
 */
import { z } from 'zod';
import { ERROR_CODES } from './errors.js';

export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  error: z.string(),
  code: z.enum(ERROR_CODES),
  fields: z.array(z.string()).optional(),
});

export const payQuoteSchema = z.object({
  action: z.string(),
  kind: z.enum(['tip', 'contribute', 'unlock', 'topup', 'subscribe', 'call', 'gift']),
  itemId: z.string().nullable(),
  recipient: z.object({ _id: z.string(), name: z.string(), username: z.string().nullable() }).nullable(),
  description: z.string().nullable(),
  price: z.number(),
  credit: z.number().nullable(),
  currency: z.string(),
  quote: z.string(),
  expiresAt: z.string(),
  minutes: z.number().int().positive().optional(),
});

/**
 * `update_balance`: `token` is the change in units, `balance` the absolute balance after
 * it, read in the same transaction. `account` is absent for the wallet; a creator's sale
 * moves their earnings instead (`account: 'earnings'`), which a wallet view leaves alone.
 */
export const balanceEventSchema = z.object({ token: z.number(), balance: z.number(), account: z.enum(['wallet', 'earnings']).optional() });

export type ErrorBodyWire = z.infer<typeof errorBodySchema>;
export type PayQuoteWire = z.infer<typeof payQuoteSchema>;
export type BalanceEvent = z.infer<typeof balanceEventSchema>;
