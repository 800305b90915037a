/**
 * Rules every translation set follows, for the locale check (apps/web/scripts/check-locales.ts)
 * and the missing-translation list (apps/web/scripts/missing-translations.ts). Pure: the scripts
 * read the files.
 */
import {
  DEFAULT_LANGUAGE,
  type LanguageCode,
  localeOf,
  operatorSuppliedLanguages,
  parseLanguage,
  translatedLanguages,
} from './language-codes.js';

/** A namespace's texts by dotted key, as i18next reads nested objects. */
export type FlatTexts = Map<string, unknown>;

export function flattenTexts(value: unknown, prefix = '', into: FlatTexts = new Map()): FlatTexts {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) {
      flattenTexts(inner, prefix ? `${prefix}.${key}` : key, into);
    }
  } else {
    into.set(prefix, value);
  }
  return into;
}

/**
 * What a translation must keep as it is: i18next placeholders (`{{count}}`, `{{- html}}`,
 * `$t(key)`), the registration patterns' `(min)` and `(max)`, and HTML or Trans tags.
 */
const PLACEHOLDER = /\{\{[^}]+\}\}|\$t\([^)]*\)|\((?:min|max)\)|<\/?[a-zA-Z0-9]+(?:\s[^>]*)?\/?>/g;

export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map(([token]) => token.replace(/\s+/g, '')).sort();
}

/** Full sets hold every key of English; operator sets (TY) any part of them. */
export type SetKind = 'reference' | 'full' | 'partial';

export function setKindOf(locale: string): SetKind | undefined {
  const code = parseLanguage(locale);
  if (!code || localeOf(code) !== locale) return undefined;
  if (code === DEFAULT_LANGUAGE) return 'reference';
  if (operatorSuppliedLanguages.includes(code)) return 'partial';
  return translatedLanguages.includes(code) ? 'full' : undefined;
}

/** The locale folders every root must have: English and every full set. */
export const requiredLocales: readonly string[] = translatedLanguages.map((code: LanguageCode) =>
  localeOf(code),
);

/**
 * Differences between one namespace of a set and English's: keys missing (full sets only), keys
 * English lacks, texts that are not strings or are empty (i18next would show them empty), and
 * placeholders that differ.
 */
export function compareNamespace(
  reference: FlatTexts,
  texts: FlatTexts,
  kind: SetKind,
  where: string,
): string[] {
  const problems: string[] = [];
  if (kind === 'full') {
    for (const key of reference.keys()) {
      if (!texts.has(key)) problems.push(`${where}: key '${key}' missing`);
    }
  }
  for (const [key, text] of texts) {
    const expected = reference.get(key);
    if (expected === undefined) {
      problems.push(`${where}: key '${key}' is not in ${localeOf(DEFAULT_LANGUAGE)}`);
      continue;
    }
    if (typeof text !== 'string') {
      problems.push(`${where}: key '${key}' is not a string`);
    } else if (text.trim() === '') {
      problems.push(`${where}: key '${key}' is empty`);
    } else if (typeof expected === 'string') {
      const want = placeholdersOf(expected).join(' ');
      const have = placeholdersOf(text).join(' ');
      if (want !== have) {
        problems.push(`${where}: key '${key}' has placeholders [${have}], expected [${want}]`);
      }
    }
  }
  return problems;
}

/** Keys of English that a set lacks (for the integrator's list of texts to translate). */
export function missingKeys(reference: FlatTexts, texts: FlatTexts | undefined): string[] {
  return [...reference.keys()].filter((key) => !texts?.has(key));
}
