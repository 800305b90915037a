/**
 * Stands in for `react-i18next` in the player site's builds and tests (aliased as `i18next` is,
 * see ./index.ts): `initReactI18next`, `I18nextProvider` and `useTranslation`, the three the
 * site imports.
 */
import { createContext, type ReactNode, use, useSyncExternalStore } from 'react';
import type { I18n, TFunction } from './translator';

/** The instance `init` registered (lib/i18n.ts), used where no provider gives one. */
let registered: I18n | undefined;

const I18nContext = createContext<I18n | undefined>(undefined);

export const initReactI18next = {
  type: '3rdParty',
  init(instance: I18n) {
    registered = instance;
  },
} as const;

export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return <I18nContext value={i18n}>{children}</I18nContext>;
}

/**
 * The texts of a namespace (the first of a list, as react-i18next's default `nsMode`), with the
 * instance. Like react-i18next (`bindI18n: 'languageChanged'`, `bindI18nStore: ''`), the component
 * renders again when the language changes, not when texts are added, and `t` is a new function
 * after each change (components list it in effect and memo dependencies), the same one between.
 * The texts are all in memory, so `ready` is always true and nothing suspends.
 */
export function useTranslation(namespace?: string | readonly string[]): {
  t: TFunction;
  i18n: I18n;
  ready: boolean;
} {
  const i18n = use(I18nContext) ?? registered;
  if (!i18n) throw new Error('useTranslation: no instance (lib/i18n.ts registers it)');
  const currentT = () => i18n.fixedT(typeof namespace === 'string' ? namespace : namespace?.[0]);
  const t = useSyncExternalStore(i18n.subscribe, currentT, currentT);
  return { t, i18n, ready: true };
}
