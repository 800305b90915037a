// Only zod-free parts of the contract here: this module is on the initial path.
import {
  DEFAULT_LANGUAGE,
  htmlLangOf,
  type LanguageCode,
  languageFallbackChain,
  localeOf,
  parseLanguage,
} from '@app/contract/client';
import englishValidation from '@app/contract/locales/en/validation.json';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localKeys, readLocal, writeLocal } from './storage';

type Texts = Record<string, string>;

export { DEFAULT_LANGUAGE };

/**
 * The web app's own texts: `locales/<locale>/<namespace>.json` (`en`, `vi`, `cn`, `id`, `pt`,
 * `pt-BR`, `th`, `ty`). English (the default and the fallback) is in the initial chunk; every
 * other language loads in chunks of its own when it is chosen, so a visitor downloads one
 * language, not all. `sms.json` loads with the SMS forms (lib/sms-texts.ts), `slider.json` with
 * the slider puzzle (lib/slider-texts.ts), `centre.json` with the member centre
 * (lib/centre-texts.ts), `records.json` with the betting records
 * (features/game-records/records-texts.ts), `download.json` with /download
 * (lib/download-texts.ts), `games.json` with the game screens (features/games/games-texts.ts),
 * `builtin-games.json` with the play shell and /verify (features/builtin-games/builtin-games-texts.ts),
 * `builtin-slots.json` with the slots (features/builtin-games/games/slots/slot-texts.ts) and
 * `builtin-inhouse.json` with Dice, Mines and Plinko (builtin-games/games/inhouse) and
 * `lottery.json` with the lottery pages (features/lottery/lottery-texts.ts), `messages.json`
 * with the platform messages page and the chat room (features/messages, features/chat-room),
 * `promotions.json` with the promotion pages (features/promotions/promotions-texts.ts) and
 * `points.json` with /pointMall (features/points/points-texts.ts).
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
    '!../locales/en/builtin-games.json',
    '!../locales/en/builtin-slots.json',
    '!../locales/en/builtin-inhouse.json',
    '!../locales/en/lottery.json',
    '!../locales/en/messages.json',
    '!../locales/en/promotions.json',
    '!../locales/en/security.json',
    '!../locales/en/feedback.json',
    '!../locales/en/points.json',
    '!../locales/en/agent-contracts.json',
    '!../locales/en/agent-centre.json',
    '!../locales/en/demo.json',
    '!../locales/en/after-login.json',
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
    '!../locales/*/builtin-games.json',
    '!../locales/*/builtin-slots.json',
    '!../locales/*/builtin-inhouse.json',
    '!../locales/*/lottery.json',
    '!../locales/*/messages.json',
    '!../locales/*/promotions.json',
    '!../locales/*/security.json',
    '!../locales/*/feedback.json',
    '!../locales/*/points.json',
    '!../locales/*/agent-contracts.json',
    '!../locales/*/agent-centre.json',
    '!../locales/*/demo.json',
    '!../locales/*/after-login.json',
  ],
  { import: 'default' },
);
/**
 * The contract's texts (errors, validation) in the other languages, loaded with the rest; the
 * errors only operators meet (operator-errors.json) are the console's, not the player site's.
 */
const otherContractFiles = import.meta.glob<Texts>(
  // Negations are written from this file as the positive pattern is: `**` ones match nothing.
  [
    '../../../../packages/contract/src/locales/*/*.json',
    '!../../../../packages/contract/src/locales/en/*.json',
    '!../../../../packages/contract/src/locales/*/operator-errors.json',
  ],
  { import: 'default' },
);

/** The language cookie lives as long as a year: as long as the stored choice is worth keeping. */
const LANGUAGE_COOKIE_MAX_AGE_S = 31_536_000;

const LOCALE_FILE = /\/locales\/([^/]+)\/([^/]+)\.json$/;

function buildResources(): Resource {
  // The contract's texts (errors, validation) are shared with the server's messages; the
  // English errors arrive a moment later (englishErrorsLoading below).
  const resources: Resource = { en: { validation: englishValidation } };
  for (const [file, texts] of Object.entries(englishFiles)) {
    const match = LOCALE_FILE.exec(file);
    if (!match?.[1] || !match[2]) continue;
    resources[match[1]] = { ...resources[match[1]], [match[2]]: texts };
  }
  return resources;
}

const resources = buildResources();

/** The languages this build has texts for: its locale folders (TY's may be empty). */
export const textLanguages: readonly LanguageCode[] = [
  ...new Set(
    [...Object.keys(englishFiles), ...Object.keys(otherLanguageFiles)]
      .map((file) => parseLanguage(LOCALE_FILE.exec(file)?.[1]))
      .filter((code): code is LanguageCode => code !== undefined),
  ),
];

/** A stored or requested language, if this build has texts for it. */
export function translatedLanguage(value: unknown): LanguageCode | undefined {
  const code = parseLanguage(value);
  return code && textLanguages.includes(code) ? code : undefined;
}

export function storedLanguage(): LanguageCode | undefined {
  return translatedLanguage(readLocal(localKeys.language));
}

export const i18n = i18next.createInstance();

const loadedLanguages = new Map<string, Promise<void>>();

/** Adds one language's own texts to i18next, once; English is always there. */
function loadOwnTexts(locale: string): Promise<void> {
  let loading = loadedLanguages.get(locale);
  if (!loading) {
    const files = [...Object.entries(otherLanguageFiles), ...Object.entries(otherContractFiles)];
    loading = Promise.all(
      files
        .filter(([file]) => LOCALE_FILE.exec(file)?.[1] === locale)
        .map(async ([file, load]) => {
          const namespace = LOCALE_FILE.exec(file)?.[2];
          if (namespace) i18n.addResourceBundle(locale, namespace, await load(), true, true);
        }),
    ).then(() => undefined);
    loadedLanguages.set(locale, loading);
  }
  return loading;
}

/** The locale files of a namespace that loads with its feature (lib/feature-texts.ts). */
export type FeatureTextFiles = Record<string, () => Promise<Texts>>;

/** Feature namespaces in use: a language switch loads their files too. */
const featureNamespaces = new Map<string, FeatureTextFiles>();
const loadedFeatureTexts = new Map<string, Promise<void>>();
/** Feature files already added to i18next (`namespace:locale`). */
const settledFeatureTexts = new Set<string>();

function loadFeatureFile(namespace: string, files: FeatureTextFiles, locale: string) {
  const key = `${namespace}:${locale}`;
  let loading = loadedFeatureTexts.get(key);
  if (!loading) {
    const entry = Object.entries(files).find(([file]) => LOCALE_FILE.exec(file)?.[1] === locale);
    loading = entry
      ? entry[1]().then((texts) => {
          i18n.addResourceBundle(locale, namespace, texts, true, true);
          settledFeatureTexts.add(key);
        })
      : Promise.resolve().then(() => {
          settledFeatureTexts.add(key);
        });
    loadedFeatureTexts.set(key, loading);
  }
  return loading;
}

/** English and a language with its fallbacks, as locale folders. */
function localesFor(code: LanguageCode): string[] {
  return [...new Set([DEFAULT_LANGUAGE, ...languageFallbackChain(code)].map(localeOf))];
}

const featureLoads = new Map<string, Promise<void>>();

/**
 * A feature namespace's texts in English and the current language; the same promise for the
 * same language (React `use` needs a stable one).
 */
export function loadFeatureTexts(namespace: string, files: FeatureTextFiles): Promise<void> {
  featureNamespaces.set(namespace, files);
  const locales = localesFor(currentLanguageCode());
  const key = `${namespace}:${locales.join(',')}`;
  let loading = featureLoads.get(key);
  if (!loading) {
    const pending = Promise.all(
      locales.map((locale) => loadFeatureFile(namespace, files, locale)),
    ).then(() => {
      // React's thenable protocol: `use` reads a fulfilled promise at once instead of suspending.
      Object.assign(pending, { status: 'fulfilled', value: undefined });
    });
    loading = pending;
    featureLoads.set(key, loading);
  }
  return loading;
}

/** A language and every language its missing texts come from (PT-BR needs PT). */
function loadLanguage(code: LanguageCode): Promise<void> {
  const others = languageFallbackChain(code).filter((lang) => lang !== DEFAULT_LANGUAGE);
  const features = [...featureNamespaces].flatMap(([namespace, files]) =>
    localesFor(code).map((locale) => loadFeatureFile(namespace, files, locale)),
  );
  return Promise.all([...others.map((lang) => loadOwnTexts(localeOf(lang))), ...features]).then(
    () => undefined,
  );
}

void i18n.use(initReactI18next).init({
  resources,
  // Starts in English; a stored other language follows as soon as its chunk is here (below).
  lng: localeOf(DEFAULT_LANGUAGE),
  // Per key: `pt-BR` looks in `pt` first (i18next's own region fallback), every language in
  // English last, so a partial set (TY) shows English where it has no text.
  fallbackLng: localeOf(DEFAULT_LANGUAGE),
  ns: ['common'],
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

/**
 * The contract's English error texts (about 4 KB gzipped) are needed only once a call has
 * failed, so they are not in the initial chunk: their download starts when this module is
 * evaluated, and they are added when they arrive, long before a call can have failed. The
 * service worker's shell lists them (vite.config.ts), so an offline start still has them.
 */
export const englishErrorsLoading: Promise<void> = import(
  '@app/contract/locales/en/errors.json'
).then(
  (module) => {
    i18n.addResourceBundle(localeOf(DEFAULT_LANGUAGE), 'errors', module.default, true, true);
  },
  () => undefined,
);

/**
 * The current language as the API spells it (`Language` header): EN, VI, PT-BR… Read from
 * `i18n.language`, not `resolvedLanguage`: a set with no texts yet (TY) resolves to English but
 * is still the visitor's choice.
 */
export function currentLanguageCode(): LanguageCode {
  return translatedLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
}

/**
 * Switches the texts. When the visitor chose it, remembers the choice (local `lang`) and the
 * language it replaces (local `hisLang`, SPEC §3).
 */
export async function changeLanguage(code: LanguageCode, remember = true): Promise<void> {
  if (remember) {
    const previous = currentLanguageCode();
    if (previous !== code) writeLocal(localKeys.previousLanguage, previous);
    writeLocal(localKeys.language, code);
    // The server paints a guest's first screen in this language (apps/server/src/http/web-ssr.ts).
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the site serves.
    document.cookie = `lang=${code};path=/;max-age=${LANGUAGE_COOKIE_MAX_AGE_S};samesite=lax`;
  }
  await loadLanguage(code);
  await i18n.changeLanguage(localeOf(code));
  // The server's render (ssr/entry-server.tsx) writes the page's lang attribute itself.
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLangOf(code);
}

/** Resolves when the visitor's stored language is loaded and on (the app renders after it). */
export const i18nReady: Promise<void> = (() => {
  const stored = storedLanguage();
  return stored && stored !== DEFAULT_LANGUAGE ? changeLanguage(stored, false) : Promise.resolve();
})();
