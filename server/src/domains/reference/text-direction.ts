/**
 * Writing direction from scripts. A script subtag decides (pa-Arab is RTL, ku-Latn
 * is LTR); without one, CLDR's likely script for the language (which Intl knows)
 * stands in for it.
 */

/** ISO 15924 codes of scripts written right to left, lower case. */
const RTL_SCRIPTS: ReadonlySet<string> = new Set([
  'adlm', // Adlam
  'arab', // Arabic
  'armi', // Imperial Aramaic
  'avst', // Avestan
  'chrs', // Chorasmian
  'elym', // Elymaic
  'hatr', // Hatran
  'hebr', // Hebrew
  'khar', // Kharoshthi
  'lydi', // Lydian
  'mand', // Mandaic
  'mani', // Manichaean
  'mend', // Mende Kikakui
  'narb', // Old North Arabian
  'nbat', // Nabataean
  'nkoo', // N'Ko
  'orkh', // Old Turkic
  'palm', // Palmyrene
  'phli', // Inscriptional Pahlavi
  'phlp', // Psalter Pahlavi
  'phnx', // Phoenician
  'prti', // Inscriptional Parthian
  'rohg', // Hanifi Rohingya
  'samr', // Samaritan
  'sarb', // Old South Arabian
  'sogd', // Sogdian
  'sogo', // Old Sogdian
  'syrc', // Syriac
  'thaa', // Thaana (Divehi)
  'yezi', // Yezidi
]);

export function isRtlScript(script: string): boolean {
  return RTL_SCRIPTS.has(script.toLowerCase());
}

/** CLDR's likely script of a language code (prs → Arab), or undefined when unknown. */
export function likelyScript(language: string): string | undefined {
  try {
    return new Intl.Locale(language).maximize().script;
  } catch {
    return undefined;
  }
}

/** True when the language's usual script runs right to left, as far as CLDR knows. */
export function isLikelyRtl(language: string): boolean {
  const script = likelyScript(language);
  return script !== undefined && isRtlScript(script);
}
