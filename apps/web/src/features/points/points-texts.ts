import { featureTexts } from '../../lib/feature-texts';

/** The point mall's texts, out of the initial chunk (lib/feature-texts.ts). */
const files = import.meta.glob<Record<string, string>>('../../locales/*/points.json', {
  import: 'default',
});

/** Suspends (React `use`) until the `points` namespace is loaded; render under a Suspense. */
export const usePointsTexts = featureTexts('points', files);
