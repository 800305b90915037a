import { featureTexts } from '../../lib/feature-texts';

/** The bonus pages' texts, loaded with the pages (lib/feature-texts.ts). */
const files = import.meta.glob<Record<string, string>>('../../locales/*/bonus.json', {
  import: 'default',
});

/** Suspends (React `use`) until the `bonus` namespace is loaded; render under a Suspense. */
export const useBonusTexts = featureTexts('bonus', files);
