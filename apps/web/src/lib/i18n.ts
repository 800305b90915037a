// Only zod-free parts of the contract here: this module is on the initial path.
import { contractLocales, type LanguageCode } from '@app/contract/client';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localKeys, readLocal, writeLocal } from './storage';

type Texts = Record<string, string>;

/** The web app's own texts: `locales/<lang>/<namespace>.json`. */
// `sms.json` loads in its own chunk with the forms that use it (lib/sms-texts.ts).
const webLocaleFiles = import.meta.glob<Texts>(['../locales/*/*.json', '!../locales/*/sms.json'], {
  eager: true,
  import: 'default',
});

function buildResources(): Resource {
  const resources: Resource = {};
  for (const [lang, namespaces] of Object.entries(contractLocales)) {
    resources[lang] = { ...namespaces };
  }
  for (const [file, texts] of Object.entries(webLocaleFiles)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match?.[1] || !match[2]) continue;
    const lang = match[1];
    resources[lang] = { ...resources[lang], [match[2]]: texts };
  }
  return resources;
}

const resources = buildResources();

/** SPEC §1: English unless the merchant or the visitor says otherwise. */
export const DEFAULT_LANGUAGE: LanguageCode = 'EN';

/** The languages this build has texts for: the locale folders (EN, VI). */
export const textLanguages: readonly LanguageCode[] = Object.keys(resources).map(
  (lang) => lang.toUpperCase() as LanguageCode,
);

function toI18nLanguage(code: LanguageCode): string {
  return code.toLowerCase();
}

/** A stored or requested language, if this build has texts for it. */
export function translatedLanguage(value: unknown): LanguageCode | undefined {
  const upper = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return textLanguages.find((code) => code === upper);
}

export function storedLanguage(): LanguageCode | undefined {
  return translatedLanguage(readLocal(localKeys.language));
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: toI18nLanguage(storedLanguage() ?? DEFAULT_LANGUAGE),
  fallbackLng: toI18nLanguage(DEFAULT_LANGUAGE),
  ns: ['common'],
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

/** The current language as the API spells it (`Language` header): EN, VI. */
export function currentLanguageCode(): LanguageCode {
  return translatedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

/** Switches the texts and, when the visitor chose it, remembers the choice (local `lang`). */
export async function changeLanguage(code: LanguageCode, remember = true): Promise<void> {
  if (remember) writeLocal(localKeys.language, code);
  await i18n.changeLanguage(toI18nLanguage(code));
  document.documentElement.lang = toI18nLanguage(code);
}
