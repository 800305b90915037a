import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n';
import english from '../../locales/en/games.json';

/**
 * The Games pages' texts are their own namespace, loaded with these pages rather than on the
 * console's first screen (size budget): English in this chunk, other languages on demand.
 */
const GAMES_NAMESPACE = 'games';
const otherLanguages = import.meta.glob<Record<string, unknown>>(
  ['../../locales/*/games.json', '!../../locales/en/*'],
  { import: 'default' },
);

i18n.addResourceBundle('en', GAMES_NAMESPACE, english, true, true);

async function loadGamesTexts(locale: string): Promise<void> {
  if (i18n.hasResourceBundle(locale, GAMES_NAMESPACE)) return;
  const entry = Object.entries(otherLanguages).find(([file]) =>
    file.includes(`/locales/${locale}/`),
  );
  if (entry) i18n.addResourceBundle(locale, GAMES_NAMESPACE, await entry[1](), true, true);
}

/** `t` of the games texts (then the console's own, for `form.*` and the like). */
export function useGamesTexts() {
  const translation = useTranslation([GAMES_NAMESPACE, 'console']);
  const locale = translation.i18n.language;
  const [, setLoaded] = useState(locale);
  useEffect(() => {
    void loadGamesTexts(locale).then(() => setLoaded(`${locale}:loaded`));
  }, [locale]);
  return translation;
}
