import { use } from 'react';
import { i18n } from '../../lib/i18n';

/** The betting records' texts, kept out of the initial chunk (one chunk per language). */
const recordsTextFiles = import.meta.glob<Record<string, string>>('../../locales/*/records.json', {
  import: 'default',
});

let loading: Promise<void> | undefined;

function loadRecordsTexts(): Promise<void> {
  loading ??= Promise.all(
    Object.entries(recordsTextFiles).map(async ([file, load]) => {
      const lang = /\/locales\/([^/]+)\/records\.json$/.exec(file)?.[1];
      if (lang) i18n.addResourceBundle(lang, 'records', await load(), true, true);
    }),
  ).then(() => undefined);
  return loading;
}

/** Suspends (React `use`) until the `records` namespace is loaded; render under a Suspense. */
export function useRecordsTexts(): void {
  use(loadRecordsTexts());
}
