import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { blockedCountries } from './reference.tables.js';
import { countryOfIp } from './geo-ip.js';

export const geoLocationSchema = z.object({
  ip: z.string(),
  country: z.string().length(2).nullable(),
});
export type GeoLocation = z.infer<typeof geoLocationSchema>;

export const blockStatusSchema = z.object({
  blocked: z.boolean(),
  country: z.string().length(2).nullable(),
});
export type BlockStatus = z.infer<typeof blockStatusSchema>;

/** The caller's country from their address; null for local addresses and unknown ranges. */
export function locate(ip: string): GeoLocation {
  return { ip, country: countryOfIp(ip) };
}

/** Whether the admin has blocked a country (the blocked_countries table). */
export async function isCountryBlocked(db: DbOrTx, countryCode: string): Promise<boolean> {
  const rows = await db
    .select({ code: blockedCountries.countryCode })
    .from(blockedCountries)
    .where(eq(blockedCountries.countryCode, countryCode.toUpperCase()))
    .limit(1);
  return rows.length > 0;
}

/**
 * Whether the caller's country is blocked. An address with no known country is not
 * blocked: local and unlisted ranges would otherwise shut out whole networks.
 */
export async function blockStatusOf(db: DbOrTx, ip: string): Promise<BlockStatus> {
  const country = countryOfIp(ip);
  if (!country) return { blocked: false, country: null };
  return { blocked: await isCountryBlocked(db, country), country };
}
