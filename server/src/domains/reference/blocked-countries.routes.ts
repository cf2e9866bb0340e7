/**
 * The countries staff block (spec: Geo blocking): visitors from them get the geo-blocked
 * layout. Read and replaced as a whole by staff holding `block_country.all`.
 */
import { paths } from '@fandeck/contract';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import type { ApiScope } from '../types.js';
import { isKnownCountry } from './countries.js';
import { blockedCountries } from './reference.tables.js';

const answer = { 200: envelopeSchema(z.object({ countryCodes: z.array(z.string()) })) };
const countryCode = z
  .string()
  .trim()
  .length(2, 'must be a two-letter country code')
  .transform((code) => code.toUpperCase())
  .refine(isKnownCountry, 'must be a known country code');

async function blockedCodes(ctx: AppContext): Promise<string[]> {
  const rows = await ctx.db.select({ code: blockedCountries.countryCode }).from(blockedCountries).orderBy(asc(blockedCountries.countryCode));
  return rows.map((row) => row.code);
}

/** Replaces the blocked list with `codes` (duplicates dropped) in one transaction. */
async function setBlocked(ctx: AppContext, codes: readonly string[]): Promise<void> {
  const unique = [...new Set(codes)];
  await ctx.db.transaction(async (tx) => {
    await tx.delete(blockedCountries);
    if (unique.length) await tx.insert(blockedCountries).values(unique.map((countryCode) => ({ countryCode })));
  });
}

export function registerBlockedCountries(api: ApiScope, ctx: AppContext): void {
  api.get(
    paths['admin.blockedCountries.list'],
    { schema: { tags: ['reference', 'admin'], summary: 'The blocked countries, by code', response: answer } },
    async () => ok({ countryCodes: await blockedCodes(ctx) }),
  );

  api.put(
    paths['admin.blockedCountries.set'],
    {
      schema: {
        tags: ['reference', 'admin'],
        summary: 'Replace the blocked countries (an empty list unblocks all)',
        body: z.object({ countryCodes: z.array(countryCode).max(250) }),
        response: answer,
      },
    },
    async (request) => {
      await setBlocked(ctx, request.body.countryCodes);
      return ok({ countryCodes: await blockedCodes(ctx) });
    },
  );
}
