/** The locales with a complete set of texts. pt-BR is the default and the reference. */
export const supportedLocales = ['pt-BR', 'en', 'es'] as const;
export type Locale = (typeof supportedLocales)[number];
export const defaultLocale: Locale = 'pt-BR';
/** The language shown for a key a locale lacks, and for languages without texts of their own. */
export const fallbackLocale: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);
}

/**
 * A candidate locale (query parameter, stored choice, settings) counts only when it
 * is one of the supported ones; anything else gives the default (spec section 2).
 */
export function resolveLocale(candidate: string | null | undefined, fallback: Locale = defaultLocale): Locale {
  if (!candidate) return fallback;
  const wanted = candidate.trim().toLowerCase();
  return supportedLocales.find((locale) => locale.toLowerCase() === wanted) ?? fallback;
}
