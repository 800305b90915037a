// Only zod-free parts of the contract here: this module is on the initial path.
import type { LanguageCode } from '@app/contract/client';
import englishErrors from '@app/contract/locales/en/errors.json';
import englishValidation from '@app/contract/locales/en/validation.json';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localKeys, readLocal, writeLocal } from './storage';

type Texts = Record<string, string>;

/**
 * The web app's own texts: `locales/<lang>/<namespace>.json`. English (the default and the
 * fallback) is in the initial chunk; every other language loads in a chunk of its own when it is
 * chosen, so a visitor downloads one language, not all. `sms.json` loads with the SMS forms
 * (lib/sms-texts.ts), `slider.json` with the slider puzzle (lib/slider-texts.ts), `centre.json`
 * with the member centre (lib/centre-texts.ts), `records.json` with the betting records
 * (features/game-records/records-texts.ts), `download.json` with /download (lib/download-texts.ts),
 * `games.json` with the game screens (features/games/games-texts.ts).
 */
const englishFiles = import.meta.glob<Texts>(
  [
    '../locales/en/*.json',
    '!../locales/en/sms.json',
    '!../locales/en/slider.json',
    '!../locales/en/centre.json',
    '!../locales/en/records.json',
    '!../locales/en/download.json',
    '!../locales/en/games.json',
  ],
  { eager: true, import: 'default' },
);
const otherLanguageFiles = import.meta.glob<Texts>(
  [
    '../locales/*/*.json',
    '!../locales/en/*.json',
    '!../locales/*/sms.json',
    '!../locales/*/slider.json',
    '!../locales/*/centre.json',
    '!../locales/*/records.json',
    '!../locales/*/download.json',
    '!../locales/*/games.json',
  ],
  { import: 'default' },
);

/** The contract's texts in the other languages, loaded with the rest of a language. */
const otherContractTexts: Record<string, () => Promise<Record<string, Texts>>> = {
  vi: async () => ({
    errors: (await import('@app/contract/locales/vi/errors.json')).default,
    validation: (await import('@app/contract/locales/vi/validation.json')).default,
  }),
};

const LOCALE_FILE = /\/locales\/([^/]+)\/([^/]+)\.json$/;

function buildResources(): Resource {
  // The contract's texts (errors, validation) are shared with the server's messages.
  const resources: Resource = { en: { errors: englishErrors, validation: englishValidation } };
  for (const [file, texts] of Object.entries(englishFiles)) {
    const match = LOCALE_FILE.exec(file);
    if (!match?.[1] || !match[2]) continue;
    resources[match[1]] = { ...resources[match[1]], [match[2]]: texts };
  }
  return resources;
}

const resources = buildResources();

/** SPEC §1: English unless the merchant or the visitor says otherwise. */
export const DEFAULT_LANGUAGE: LanguageCode = 'EN';

/** The languages this build has texts for: the locale folders (EN, VI). */
export const textLanguages: readonly LanguageCode[] = [
  ...new Set(
    [...Object.keys(englishFiles), ...Object.keys(otherLanguageFiles)].map(
      (file) => LOCALE_FILE.exec(file)?.[1]?.toUpperCase() as LanguageCode,
    ),
  ),
];

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

const loadedLanguages = new Map<string, Promise<void>>();

/** Adds a language's texts to i18next, once; English is always there. */
function loadLanguage(lang: string): Promise<void> {
  const files = Object.entries(otherLanguageFiles).filter(
    ([file]) => LOCALE_FILE.exec(file)?.[1] === lang,
  );
  let loading = loadedLanguages.get(lang);
  if (!loading) {
    const contractTexts = otherContractTexts[lang]?.() ?? Promise.resolve({});
    loading = Promise.all([
      ...files.map(async ([file, load]) => {
        const namespace = LOCALE_FILE.exec(file)?.[2];
        if (namespace) i18n.addResourceBundle(lang, namespace, await load(), true, true);
      }),
      contractTexts.then((namespaces) => {
        for (const [namespace, texts] of Object.entries(namespaces)) {
          i18n.addResourceBundle(lang, namespace, texts, true, true);
        }
      }),
    ]).then(() => undefined);
    loadedLanguages.set(lang, loading);
  }
  return loading;
}

void i18n.use(initReactI18next).init({
  resources,
  // Starts in English; a stored other language follows as soon as its chunk is here (below).
  lng: toI18nLanguage(DEFAULT_LANGUAGE),
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
  await loadLanguage(toI18nLanguage(code));
  await i18n.changeLanguage(toI18nLanguage(code));
  document.documentElement.lang = toI18nLanguage(code);
}

/** Resolves when the visitor's stored language is loaded and on (the app renders after it). */
export const i18nReady: Promise<void> = (() => {
  const stored = storedLanguage();
  return stored && stored !== DEFAULT_LANGUAGE ? changeLanguage(stored, false) : Promise.resolve();
})();
