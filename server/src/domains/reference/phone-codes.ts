import { countries as countryNames } from 'countries-list';
import {
  getCountries,
  getCountryCallingCode,
  Metadata,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/core';
import { createRequire } from 'node:module';
import type metadataJson from 'libphonenumber-js/metadata.max.json';
import { z } from 'zod';

// The full numbering metadata is large (about 80 ms to load): read at the first phone check, not at start.
const requireFromHere = createRequire(import.meta.url);
let loadedMetadata: typeof metadataJson | undefined;
const phoneMetadata = (): typeof metadataJson => (loadedMetadata ??= requireFromHere('libphonenumber-js/metadata.max.json') as typeof metadataJson);

/**
 * Phone-country records (spec section 3): the dial prefix and a pattern for the whole
 * international number without the plus. The digit counts after the prefix are the
 * possible lengths of mobile numbers in libphonenumber's metadata, so they follow the
 * numbering plans as that package updates them.
 */
export const phoneCountrySchema = z.object({
  name: z.string(),
  code: z.string().regex(/^\d{1,4}$/),
  iso: z.string().length(2),
  regex: z.string(),
});
export type PhoneCountry = z.infer<typeof phoneCountrySchema>;

/** A record with the national-number lengths the pattern allows, for messages. */
export interface PhoneCountryRule extends PhoneCountry {
  lengths: readonly number[];
  pattern: RegExp;
  /** The country that owns a shared dial code (US for 1, GB for 44). */
  main: boolean;
}

/**
 * Where the spec fixes a count that differs from the metadata. Andorra and Iceland
 * also list 9-digit mobile ranges, which are machine-to-machine numbers that people
 * do not give as their own; spec section 5 says 6 and 7.
 */
const SPEC_LENGTHS: Partial<Record<CountryCode, readonly number[]>> = {
  AD: [6],
  IS: [7],
};

interface TypedNumberingPlan {
  type(name: 'MOBILE'): { possibleLengths(): number[] } | undefined;
}

// The full metadata has per-type plans; the package's typings only declare the general one.
function hasTypes(plan: unknown): plan is TypedNumberingPlan {
  return typeof plan === 'object' && plan !== null && typeof (plan as { type?: unknown }).type === 'function';
}

function mobileLengths(catalogue: Metadata, iso: CountryCode): number[] {
  catalogue.selectNumberingPlan(iso);
  const plan = catalogue.numberingPlan;
  if (!plan) return [];
  const mobile = hasTypes(plan) ? plan.type('MOBILE')?.possibleLengths() : undefined;
  return mobile && mobile.length > 0 ? mobile : plan.possibleLengths();
}

/** `\d{10,11}` for [10, 11]; `(?:\d{7}|\d{9})` for [7, 9]. */
export function digitsPattern(lengths: readonly number[]): string {
  const sorted = [...new Set(lengths)].sort((a, b) => a - b);
  const runs: Array<[number, number]> = [];
  for (const n of sorted) {
    const last = runs[runs.length - 1];
    if (last && n === last[1] + 1) last[1] = n;
    else runs.push([n, n]);
  }
  const parts = runs.map(([from, to]) => (from === to ? `\\d{${from}}` : `\\d{${from},${to}}`));
  return parts.length === 1 ? (parts[0] ?? '') : `(?:${parts.join('|')})`;
}

/** "10 to 11", "7 or 9", "9". */
export function describeLengths(lengths: readonly number[]): string {
  const sorted = [...new Set(lengths)].sort((a, b) => a - b);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (first === undefined || last === undefined) return '0';
  if (sorted.length === 1) return String(first);
  if (last - first === sorted.length - 1) return `${first} to ${last}`;
  return `${sorted.slice(0, -1).join(', ')} or ${last}`;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

function countryName(iso: string): string {
  const listed = (countryNames as Partial<Record<string, { name: string }>>)[iso];
  if (listed) return listed.name;
  try {
    return regionNames.of(iso) ?? iso;
  } catch {
    return iso;
  }
}

let rules: PhoneCountryRule[] | undefined;
let byIso: Map<string, PhoneCountryRule> | undefined;

/** Every country with a dial code, by name. Built on first use. */
export function phoneCountryRules(): readonly PhoneCountryRule[] {
  if (!rules) {
    const metadata = phoneMetadata();
    const catalogue = new Metadata(metadata);
    rules = getCountries(metadata)
      .map((iso): PhoneCountryRule => {
        const code = getCountryCallingCode(iso, metadata);
        const lengths = SPEC_LENGTHS[iso] ?? mobileLengths(catalogue, iso);
        const regex = `^${code}${digitsPattern(lengths)}$`;
        return {
          name: countryName(iso),
          code,
          iso,
          regex,
          lengths,
          pattern: new RegExp(regex),
          main: metadata.country_calling_codes[code]?.[0] === iso,
        };
      })
      .filter((rule) => rule.lengths.length > 0)
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
    byIso = new Map(rules.map((rule) => [rule.iso, rule]));
  }
  return rules;
}

/** The records as the API lists them. */
export function phoneCountries(): PhoneCountry[] {
  return phoneCountryRules().map(({ name, code, iso, regex }) => ({ name, code, iso, regex }));
}

/** By two-letter country (BR), or by dial code (55, +55: the country that owns it). */
export function findPhoneCountry(countryCode: string): PhoneCountryRule | undefined {
  const all = phoneCountryRules();
  const key = countryCode.trim().toUpperCase();
  if (/^[A-Z]{2}$/.test(key)) return byIso?.get(key);
  const dial = key.replace(/^\+/, '');
  if (!/^\d{1,4}$/.test(dial)) return undefined;
  return all.find((rule) => rule.code === dial && rule.main) ?? all.find((rule) => rule.code === dial);
}

/**
 * The record for an international number (digits only, no plus). Dial codes are
 * prefix-free, so at most one code matches; where countries share it, libphonenumber
 * tells them apart by area code (+1 876 is Jamaica), else the code's owner is used.
 */
export function phoneCountryForNumber(digits: string): PhoneCountryRule | undefined {
  const candidates = phoneCountryRules().filter((rule) => digits.startsWith(rule.code));
  if (candidates.length === 0) return undefined;
  const longest = Math.max(...candidates.map((rule) => rule.code.length));
  const sharing = candidates.filter((rule) => rule.code.length === longest);
  if (sharing.length === 1) return sharing[0];
  const detected = parsePhoneNumberFromString(`+${digits}`, phoneMetadata())?.country;
  return (
    sharing.find((rule) => rule.iso === detected) ?? sharing.find((rule) => rule.main) ?? sharing[0]
  );
}

