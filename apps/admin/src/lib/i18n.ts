// Only zod-free parts of the contract here: this module is on the initial path.
import {
  DEFAULT_LANGUAGE,
  htmlLangOf,
  type LanguageCode,
  localeOf,
  parseLanguage,
} from '@app/contract/client';
import englishErrors from '@app/contract/locales/en/errors.json';
import englishOperatorErrors from '@app/contract/locales/en/operator-errors.json';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import englishConsole from '../locales/en/console.json';
import { localKeys, readLocal, writeLocal } from './storage';

type Texts = Record<string, string | Record<string, unknown>>;

/**
 * The console's languages: English (in the initial chunk, and the fallback of every missing
 * text) and Vietnamese (its own chunk, loaded when chosen). Error texts come from the contract,
 * shared with the server's messages and the player site.
 */
export const consoleLanguages: readonly LanguageCode[] = ['EN', 'VI'];

const otherConsoleFiles = import.meta.glob<Texts>(
  ['../locales/*/console.json', '!../locales/en/*'],
  {
    import: 'default',
  },
);
const otherErrorFiles = import.meta.glob<Texts>(
  [
    '../../../../packages/contract/src/locales/vi/errors.json',
    '../../../../packages/contract/src/locales/vi/operator-errors.json',
  ],
  { import: 'default' },
);

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {
    en: { console: englishConsole, errors: { ...englishErrors, ...englishOperatorErrors } },
  },
  lng: localeOf(DEFAULT_LANGUAGE),
  fallbackLng: localeOf(DEFAULT_LANGUAGE),
  ns: ['console', 'errors'],
  defaultNS: 'console',
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

const LOCALE_FILE = /\/locales\/([^/]+)\/([^/]+)\.json$/;

async function loadTexts(locale: string): Promise<void> {
  const files = [...Object.entries(otherConsoleFiles), ...Object.entries(otherErrorFiles)];
  await Promise.all(
    files
      .filter(([file]) => LOCALE_FILE.exec(file)?.[1] === locale)
      .map(async ([file, load]) => {
        // Operator-only error texts join the errors namespace.
        const fileName = LOCALE_FILE.exec(file)?.[2];
        const namespace = fileName === 'operator-errors' ? 'errors' : fileName;
        if (namespace) i18n.addResourceBundle(locale, namespace, await load(), true, true);
      }),
  );
}

export function currentLanguageCode(): LanguageCode {
  const code = parseLanguage(i18n.language);
  return code && consoleLanguages.includes(code) ? code : DEFAULT_LANGUAGE;
}

export async function changeLanguage(code: LanguageCode, remember = true): Promise<void> {
  if (remember) writeLocal(localKeys.language, code);
  if (code !== DEFAULT_LANGUAGE) await loadTexts(localeOf(code));
  await i18n.changeLanguage(localeOf(code));
  document.documentElement.lang = htmlLangOf(code);
}

/** Resolves when the operator's stored language is loaded and on (the console renders after). */
export const i18nReady: Promise<void> = (() => {
  const stored = parseLanguage(readLocal(localKeys.language));
  return stored && stored !== DEFAULT_LANGUAGE && consoleLanguages.includes(stored)
    ? changeLanguage(stored, false)
    : Promise.resolve();
})();
