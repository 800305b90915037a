/** Every language the product has texts for (SPEC §1); a merchant supports a subset. */
export const languageCodes = ['EN', 'VI', 'TY', 'CN', 'ID', 'PT', 'TH'] as const;
export type LanguageCode = (typeof languageCodes)[number];
export const DEFAULT_LANGUAGE: LanguageCode = 'EN';

/** Languages whose texts exist in this build; the others fall back to English. */
export const translatedLanguages: readonly LanguageCode[] = ['EN', 'VI'];

export function parseLanguage(value: unknown): LanguageCode | undefined {
  const upper = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return (languageCodes as readonly string[]).includes(upper) ? (upper as LanguageCode) : undefined;
}
