import { z } from 'zod';

/** Every language the product has texts for (SPEC §1); a merchant supports a subset. */
export const languageCodes = ['EN', 'VI', 'TY', 'CN', 'ID', 'PT', 'TH'] as const;
export const languageCodeSchema = z.enum(languageCodes);
export type LanguageCode = z.infer<typeof languageCodeSchema>;
export const DEFAULT_LANGUAGE: LanguageCode = 'EN';

/** Languages whose texts exist in this build; the others fall back to English. */
export const translatedLanguages: readonly LanguageCode[] = ['EN', 'VI'];

export function parseLanguage(value: unknown): LanguageCode | undefined {
  const upper = typeof value === 'string' ? value.trim().toUpperCase() : '';
  const parsed = languageCodeSchema.safeParse(upper);
  return parsed.success ? parsed.data : undefined;
}
