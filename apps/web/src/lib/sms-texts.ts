import { use } from 'react';
import { i18n } from './i18n';

/** The SMS forms' texts, kept out of the initial chunk (one chunk per language). */
const smsTextFiles = import.meta.glob<Record<string, string>>('../locales/*/sms.json', {
  import: 'default',
});

let loading: Promise<void> | undefined;

function loadSmsTexts(): Promise<void> {
  loading ??= Promise.all(
    Object.entries(smsTextFiles).map(async ([file, load]) => {
      const lang = /\/locales\/([^/]+)\/sms\.json$/.exec(file)?.[1];
      if (lang) i18n.addResourceBundle(lang, 'sms', await load(), true, true);
    }),
  ).then(() => undefined);
  return loading;
}

/** Suspends (React `use`) until the `sms` namespace is loaded; render under a Suspense. */
export function useSmsTexts(): void {
  use(loadSmsTexts());
}
