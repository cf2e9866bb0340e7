import { z } from 'zod';
import { findLanguage, languageDataset, type LanguageRecord } from './language-data.js';
import { isLikelyRtl, isRtlScript } from './text-direction.js';

/** One entry of the simple language list (languages that have an ISO 639-1 code). */
export const languageOptionSchema = z.object({
  code: z.string(),
  name: z.string(),
  nativeName: z.string(),
  direction: z.enum(['LTR', 'RTL']),
});
export type LanguageOption = z.infer<typeof languageOptionSchema>;

/** Every language record of the catalogue (spec section 3, "Language record"). */
export function languageRecords(): readonly LanguageRecord[] {
  return languageDataset().languages;
}

/** The family names the records use. */
export function languageFamilies(): readonly string[] {
  return languageDataset().languageFamilies;
}

let options: LanguageOption[] | undefined;

/** Languages with a two-letter code, by English name: the list a language picker shows. */
export function languageOptions(): readonly LanguageOption[] {
  if (!options) {
    options = languageRecords()
      .filter((language) => language.iso639_1 !== '')
      .map((language) => ({
        code: language.iso639_1,
        name: language.name[0] ?? language.iso639_1,
        nativeName: language.nativeName[0] ?? language.name[0] ?? language.iso639_1,
        direction: language.direction,
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }
  return options;
}

interface ParsedTag {
  language: string;
  script: string | undefined;
}

/** Splits a BCP 47 or culture tag (pt-BR, az_Cyrl_AZ, ar) into language and script. */
export function parseLanguageTag(tag: string): ParsedTag | undefined {
  const parts = tag.trim().split(/[-_]/);
  const language = parts[0]?.toLowerCase() ?? '';
  if (!/^[a-z]{2,3}$/.test(language)) return undefined;
  const script = parts.slice(1).find((part) => /^[A-Za-z]{4}$/.test(part))?.toLowerCase();
  return { language, script };
}

/**
 * True when text in this language (or tag such as ar-EG, fa, pa-Arab) runs right to
 * left: by the tag's script subtag if it has one, else by the language record, else by
 * CLDR's likely script.
 */
export function isRtlLanguage(tag: string): boolean {
  const parsed = parseLanguageTag(tag);
  if (!parsed) return false;
  if (parsed.script) return isRtlScript(parsed.script);
  const record = findLanguage(parsed.language);
  return record ? record.direction === 'RTL' : isLikelyRtl(parsed.language);
}

/** The text direction for a tag, as the records spell it. */
export function languageDirection(tag: string): 'LTR' | 'RTL' {
  return isRtlLanguage(tag) ? 'RTL' : 'LTR';
}
