import { use } from 'react';
import { i18n } from './i18n';

/** The slider puzzle's texts, kept out of the initial chunk (one chunk per language). */
const sliderTextFiles = import.meta.glob<Record<string, string>>('../locales/*/slider.json', {
  import: 'default',
});

let loading: Promise<void> | undefined;

function loadSliderTexts(): Promise<void> {
  loading ??= Promise.all(
    Object.entries(sliderTextFiles).map(async ([file, load]) => {
      const lang = /\/locales\/([^/]+)\/slider\.json$/.exec(file)?.[1];
      if (lang) i18n.addResourceBundle(lang, 'slider', await load(), true, true);
    }),
  ).then(() => undefined);
  return loading;
}

/** Suspends (React `use`) until the `slider` namespace is loaded; render under a Suspense. */
export function useSliderTexts(): void {
  use(loadSliderTexts());
}
