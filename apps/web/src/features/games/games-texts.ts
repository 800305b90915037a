import { use } from 'react';
import { i18n } from '../../lib/i18n';

/** The game screens' texts, kept out of the initial chunk (they load with the first game screen). */
const gamesTextFiles = import.meta.glob<Record<string, string>>('../../locales/*/games.json', {
  import: 'default',
});

let loading: Promise<void> | undefined;
let loaded = false;

export function loadGamesTexts(): Promise<void> {
  loading ??= Promise.all(
    Object.entries(gamesTextFiles).map(async ([file, load]) => {
      const lang = /\/locales\/([^/]+)\/games\.json$/.exec(file)?.[1];
      if (lang) i18n.addResourceBundle(lang, 'games', await load(), true, true);
    }),
  ).then(() => {
    loaded = true;
  });
  return loading;
}

/** Suspends (React `use`) until the `games` namespace is loaded; render under a Suspense. */
export function useGamesTexts(): void {
  // Once loaded, nothing to wait for: no suspending (and no fallback flash) on later screens.
  if (!loaded) use(loadGamesTexts());
}
