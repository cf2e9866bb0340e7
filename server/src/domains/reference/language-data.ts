import { createRequire } from 'node:module';
import { z } from 'zod';
import { isLikelyRtl } from './text-direction.js';

/**
 * The language and culture catalogue (languages with ISO 639 codes, script direction
 * and family; countries with their languages; language-region locales).
 *
 * The file in data/ is the data set of the `country-language` npm package (0.1.7, MIT,
 * see data/NOTICE.md), copied rather than installed: the package itself pins an
 * underscore release with a published advisory, and the data has not changed since.
 */

export const languageCultureSchema = z.object({
  langCultureName: z.string(),
  displayName: z.string(),
  cultureCode: z.string(),
});

export const languageRecordSchema = z.object({
  iso639_1: z.string(),
  iso639_2: z.string(),
  iso639_2en: z.string(),
  iso639_3: z.string(),
  name: z.array(z.string()),
  nativeName: z.array(z.string()),
  direction: z.enum(['LTR', 'RTL']),
  family: z.string(),
  countries: z.array(z.string()).optional(),
  langCultureMs: z.array(languageCultureSchema).optional(),
});
export type LanguageRecord = z.infer<typeof languageRecordSchema>;

export const catalogueCountrySchema = z.object({
  code_2: z.string().length(2),
  code_3: z.string().length(3),
  numCode: z.string(),
  name: z.string(),
  languages: z.array(z.string()).optional(),
  langCultureMs: z.array(languageCultureSchema).optional(),
});
export type CatalogueCountry = z.infer<typeof catalogueCountrySchema>;

const names = z.array(z.string()).transform((list) => list.map((n) => n.trim()).filter((n) => n !== ''));

/**
 * The file as shipped. About 300 records added late misspell `direction` as
 * `directrion`, lack native names and family, and some names carry stray spaces.
 */
const rawLanguageSchema = z.object({
  iso639_1: z.string(),
  iso639_2: z.string(),
  iso639_2en: z.string(),
  iso639_3: z.string(),
  name: names,
  nativeName: names,
  direction: z.enum(['LTR', 'RTL']).optional(),
  directrion: z.enum(['LTR', 'RTL']).optional(),
  family: z.string(),
  countries: z.array(z.string()).optional(),
  langCultureMs: z.array(languageCultureSchema).optional(),
});

/**
 * A record is RTL when the file says so or when CLDR's likely script for it is a
 * right-to-left one: the file marks Kurdish RTL (CLDR: Latin) but Dari, Kashmiri and
 * Syriac LTR, which they are not.
 */
function normaliseLanguage(raw: z.infer<typeof rawLanguageSchema>): LanguageRecord {
  const { directrion, direction: listed, ...rest } = raw;
  const code = raw.iso639_1 || raw.iso639_3 || raw.iso639_2;
  const direction = (listed ?? directrion) === 'RTL' || (code !== '' && isLikelyRtl(code)) ? 'RTL' : 'LTR';
  return { ...rest, family: raw.family.trim(), direction };
}

const datasetSchema = z.object({
  languageFamilies: z.array(z.string()),
  languages: z.array(rawLanguageSchema.transform(normaliseLanguage)),
  countries: z.array(catalogueCountrySchema),
  // [language, region] or [language, script, region]
  locales: z.array(z.array(z.string()).min(2).max(3)),
});
export type LanguageDataset = z.output<typeof datasetSchema>;

let dataset: LanguageDataset | undefined;

/** The catalogue, read, checked and cleaned on first use. */
export function languageDataset(): LanguageDataset {
  if (!dataset) {
    const raw: unknown = createRequire(import.meta.url)('./data/country-language.json');
    dataset = datasetSchema.parse(raw);
  }
  return dataset;
}

export interface LanguageIndex {
  /** By lower-case ISO 639-1, 639-2 (both forms) and 639-3 code. */
  byCode: ReadonlyMap<string, LanguageRecord>;
}

let index: LanguageIndex | undefined;

export function languageIndex(): LanguageIndex {
  if (!index) {
    const byCode = new Map<string, LanguageRecord>();
    for (const language of languageDataset().languages) {
      // The first record to claim a code keeps it; 639-1 codes are listed first.
      for (const code of [language.iso639_1, language.iso639_2, language.iso639_2en, language.iso639_3]) {
        const key = code.trim().toLowerCase();
        if (key && !byCode.has(key)) byCode.set(key, language);
      }
    }
    index = { byCode };
  }
  return index;
}

/** The language record for an ISO 639 code of any part, or undefined. */
export function findLanguage(code: string): LanguageRecord | undefined {
  return languageIndex().byCode.get(code.trim().toLowerCase());
}
