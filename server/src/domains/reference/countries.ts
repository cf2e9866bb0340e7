import { countries, languages, type ICountry, type TContinentCode } from 'countries-list';
import { currencies } from 'countries-list/currencies';
import { z } from 'zod';
import { flagExists, flagUrl } from './flags.js';
import { findLanguage } from './language-data.js';

/** Regions of the app list: continent codes (spec section 3). */
export const COUNTRY_REGIONS = ['EU', 'AS', 'AF', 'NA', 'SA', 'OC'] as const;
export type CountryRegion = (typeof COUNTRY_REGIONS)[number];

export const appCountrySchema = z.object({
  name: z.string(),
  code: z.string().length(2),
  capital: z.string(),
  region: z.enum(COUNTRY_REGIONS),
  currency: z.object({ code: z.string(), name: z.string(), symbol: z.string().nullable() }),
  language: z.object({
    code: z.string(),
    name: z.string(),
    iso639_2: z.string().optional(),
    nativeName: z.string().optional(),
  }),
  flag: z.string(),
});
export type AppCountry = z.infer<typeof appCountrySchema>;

/** A country without the flag address, which depends on where the API is served. */
type CountryEntry = Omit<AppCountry, 'flag'>;

function isRegion(continent: TContinentCode): continent is CountryRegion {
  return (COUNTRY_REGIONS as readonly string[]).includes(continent);
}

function currencyOf(country: ICountry): AppCountry['currency'] {
  const code = country.currency[0];
  const currency = code ? currencies[code] : undefined;
  if (!code || !currency) return { code: code ?? '', name: '', symbol: null };
  // The package falls back to the ISO code where there is no distinct symbol; that is no symbol.
  const symbol = [currency.symbol, currency.symbolNative].find((s) => s && s !== code) ?? null;
  return { code, name: currency.name, symbol };
}

function languageOf(country: ICountry): AppCountry['language'] {
  const code = country.languages[0];
  if (!code) return { code: '', name: '' };
  const listed = languages[code];
  const record = findLanguage(code);
  return {
    code,
    name: listed?.name ?? record?.name[0] ?? code,
    ...(record?.iso639_2 ? { iso639_2: record.iso639_2 } : {}),
    ...(listed?.native ? { nativeName: listed.native } : {}),
  };
}

let entries: CountryEntry[] | undefined;

/**
 * Every country in a continent region, by name. Antarctica's territories (AQ, BV, GS,
 * HM, TF) have no region in the contract and nobody lives there, so they are left out.
 */
export function countryEntries(): readonly CountryEntry[] {
  if (!entries) {
    entries = Object.entries(countries)
      .flatMap(([code, country]): CountryEntry[] => {
        if (!isRegion(country.continent) || !flagExists(code)) return [];
        return [
          {
            name: country.name,
            code,
            capital: country.capital,
            region: country.continent,
            currency: currencyOf(country),
            language: languageOf(country),
          },
        ];
      })
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }
  return entries;
}

/** The app's country list with flag addresses on this API (spec section 3, "Country (app list)"). */
export function appCountries(publicOrigin: string): AppCountry[] {
  return countryEntries().map((entry) => ({ ...entry, flag: flagUrl(publicOrigin, entry.code) }));
}

/** Whether a two-letter code names a country of the list. */
export function isKnownCountry(code: string): boolean {
  const upper = code.toUpperCase();
  return countryEntries().some((entry) => entry.code === upper);
}
