import { featureTexts } from '../../lib/feature-texts';

/** The betting records' texts, out of the initial chunk (lib/feature-texts.ts). */
const files = import.meta.glob<Record<string, string>>('../../locales/*/records.json', {
  import: 'default',
});

/** Suspends (React `use`) until the `records` namespace is loaded; render under a Suspense. */
export const useRecordsTexts = featureTexts('records', files);
