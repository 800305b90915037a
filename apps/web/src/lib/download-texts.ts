import { use } from 'react';
import { i18n } from './i18n';

/** The download page's texts (install guide, line selection), kept out of the initial chunk (one chunk per language). */
const downloadTextFiles = import.meta.glob<Record<string, string>>('../locales/*/download.json', {
  import: 'default',
});

let loading: Promise<void> | undefined;

function loadDownloadTexts(): Promise<void> {
  loading ??= Promise.all(
    Object.entries(downloadTextFiles).map(async ([file, load]) => {
      const lang = /\/locales\/([^/]+)\/download\.json$/.exec(file)?.[1];
      if (lang) i18n.addResourceBundle(lang, 'download', await load(), true, true);
    }),
  ).then(() => undefined);
  return loading;
}

/** Suspends (React `use`) until the `download` namespace is loaded; render under a Suspense. */
export function useDownloadTexts(): void {
  use(loadDownloadTexts());
}
