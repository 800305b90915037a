import { use } from 'react';
import { i18n } from './i18n';

/** The member centre's texts (wallet pages, records), kept out of the initial chunk (one chunk per language). */
const centreTextFiles = import.meta.glob<Record<string, string>>('../locales/*/centre.json', {
  import: 'default',
});

let loading: Promise<void> | undefined;

function loadCentreTexts(): Promise<void> {
  loading ??= Promise.all(
    Object.entries(centreTextFiles).map(async ([file, load]) => {
      const lang = /\/locales\/([^/]+)\/centre\.json$/.exec(file)?.[1];
      if (lang) i18n.addResourceBundle(lang, 'centre', await load(), true, true);
    }),
  ).then(() => undefined);
  return loading;
}

/** Suspends (React `use`) until the `centre` namespace is loaded; render under a Suspense. */
export function useCentreTexts(): void {
  use(loadCentreTexts());
}
