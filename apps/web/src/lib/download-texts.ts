import { featureTexts } from './feature-texts';

/** The download page's texts (install guide, line selection), out of the initial chunk (lib/feature-texts.ts). */
const files = import.meta.glob<Record<string, string>>('../locales/*/download.json', {
  import: 'default',
});

/** Suspends (React `use`) until the `download` namespace is loaded; render under a Suspense. */
export const useDownloadTexts = featureTexts('download', files);
