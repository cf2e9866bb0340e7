import { z } from 'zod';
import { languageDataset } from './language-data.js';

/** A language-region pair of the locales list, some with a script (az-Cyrl-AZ). */
export const localeSchema = z.object({
  tag: z.string(),
  language: z.string(),
  script: z.string().optional(),
  region: z.string(),
  name: z.string(),
});
export type Locale = z.infer<typeof localeSchema>;

const displayNames = new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'standard' });

function describe(tag: string): string {
  try {
    return displayNames.of(tag) ?? tag;
  } catch {
    return tag;
  }
}

let locales: Locale[] | undefined;

/** The locales list (spec section 3), each with its BCP 47 tag and English name. */
export function localeList(): readonly Locale[] {
  if (!locales) {
    locales = languageDataset().locales.map((parts) => {
      const [language = '', middle = '', last] = parts;
      const script = last === undefined ? undefined : middle;
      const region = last ?? middle;
      const tag = [language, script, region].filter(Boolean).join('-');
      return { tag, language, ...(script ? { script } : {}), region, name: describe(tag) };
    });
  }
  return locales;
}

/** Lower-cased with hyphens, so pt_br, PT-BR and pt-BR compare equal. */
function normalise(tag: string): string {
  return tag.trim().replace(/_/g, '-').toLowerCase();
}

let cultureNames: ReadonlySet<string> | undefined;

/**
 * The supported culture names: every locale of the list (pt-BR, az-Cyrl-AZ), the
 * culture names the language records carry (including legacy ones such as Cy-sr-SP),
 * and the neutral language of each (pt, en), which the settings use for a whole language.
 */
export function supportedCultureNames(): ReadonlySet<string> {
  if (!cultureNames) {
    const names = new Set<string>();
    for (const locale of localeList()) {
      names.add(normalise(locale.tag));
      names.add(normalise(locale.language));
    }
    const { languages, countries } = languageDataset();
    for (const culture of [...languages, ...countries].flatMap((entry) => entry.langCultureMs ?? [])) {
      names.add(normalise(culture.langCultureName));
    }
    cultureNames = names;
  }
  return cultureNames;
}

/** Spec section 5: a locale is accepted only if it is on the list of supported culture names. */
export function isSupportedCultureName(tag: string): boolean {
  if (typeof tag !== 'string' || tag.length === 0 || tag.length > 20) return false;
  return supportedCultureNames().has(normalise(tag));
}

let timeZones: ReadonlySet<string> | undefined;

/** Spec section 5, for time zones: an IANA zone the runtime knows (America/Sao_Paulo), or UTC. */
export function isSupportedTimeZone(zone: string): boolean {
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64) return false;
  timeZones ??= new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  if (timeZones.has(zone)) return true;
  // Older aliases (Asia/Calcutta) are valid zones but not in the canonical list.
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
}
