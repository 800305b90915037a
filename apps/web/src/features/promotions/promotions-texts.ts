import { featureTexts } from '../../lib/feature-texts';

/** The promotion pages' texts, out of the initial chunk (lib/feature-texts.ts). */
const files = import.meta.glob<Record<string, string>>('../../locales/*/promotions.json', {
  import: 'default',
});

/** Suspends (React `use`) until the `promotions` namespace is loaded; render under a Suspense. */
export const usePromotionTexts = featureTexts('promotions', files);
