import { featureTexts } from './feature-texts';

/** The member centre's texts (wallet pages, records), kept out of the initial chunk (lib/feature-texts.ts). */
const files = import.meta.glob<Record<string, string>>('../locales/*/centre.json', {
  import: 'default',
});

/** Suspends (React `use`) until the `centre` namespace is loaded; render under a Suspense. */
export const useCentreTexts = featureTexts('centre', files);
