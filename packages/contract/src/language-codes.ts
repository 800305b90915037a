/**
 * Every language the product has texts for (SPEC §1); a merchant supports a subset
 * (`supportedLanguages`). `PT-BR` is Brazilian Portuguese: a region of `PT`, spelled as in
 * BCP 47 so that i18next and the `Language` header agree; a missing Brazilian text falls back to
 * the Portuguese one, then to English.
 */
export const languageCodes = ['EN', 'VI', 'TY', 'CN', 'ID', 'PT', 'PT-BR', 'TH'] as const;
export type LanguageCode = (typeof languageCodes)[number];
export const DEFAULT_LANGUAGE: LanguageCode = 'EN';

/** Languages whose every text ships with the build (the locale check holds them to EN's keys). */
export const translatedLanguages: readonly LanguageCode[] = [
  'EN',
  'VI',
  'CN',
  'ID',
  'PT',
  'PT-BR',
  'TH',
];

/**
 * Languages whose texts the operator supplies (SPEC §1 names TY without saying which language it
 * is): the build ships their files empty or partial, and each missing text shows in English.
 */
export const operatorSuppliedLanguages: readonly LanguageCode[] = ['TY'];

/** Where a missing text is looked up next, in order, before English. */
const regionalFallbacks: Partial<Record<LanguageCode, readonly LanguageCode[]>> = {
  'PT-BR': ['PT'],
};

/** The language itself, then its fallbacks, ending with English. */
export function languageFallbackChain(code: LanguageCode): readonly LanguageCode[] {
  const chain = [code, ...(regionalFallbacks[code] ?? []), DEFAULT_LANGUAGE];
  return [...new Set(chain)];
}

/** Each language named in itself, so a visitor finds theirs whatever the page shows. */
export const languageNativeNames: Readonly<Record<LanguageCode, string>> = {
  EN: 'English',
  VI: 'Tiếng Việt',
  // The operator who supplies TY's texts also knows its name; until then the code itself.
  TY: 'TY',
  CN: '简体中文',
  ID: 'Bahasa Indonesia',
  PT: 'Português',
  'PT-BR': 'Português (Brasil)',
  TH: 'ไทย',
};

/**
 * The locale folder (and i18next language) of a code: lower case, the region upper case
 * (`pt-BR`), as BCP 47 writes it.
 */
export function localeOf(code: LanguageCode): string {
  const [language = '', region] = code.split('-');
  return region ? `${language.toLowerCase()}-${region.toUpperCase()}` : language.toLowerCase();
}

/** The `lang` attribute of the page: a BCP 47 tag (`CN` is Simplified Chinese, `zh-CN`). */
export function htmlLangOf(code: LanguageCode): string {
  return code === 'CN' ? 'zh-CN' : localeOf(code);
}

/**
 * A language code from a header, a query or storage: any case, `_` or `-` before the region
 * (`pt_br`, `PT-BR`, `pt-BR`).
 */
export function parseLanguage(value: unknown): LanguageCode | undefined {
  const normal = typeof value === 'string' ? value.trim().toUpperCase().replaceAll('_', '-') : '';
  return (languageCodes as readonly string[]).includes(normal)
    ? (normal as LanguageCode)
    : undefined;
}
