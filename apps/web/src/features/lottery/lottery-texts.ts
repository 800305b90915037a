import { featureTexts } from '../../lib/feature-texts';
import { loadFeatureTexts } from '../../lib/i18n';

/** The lottery pages' texts, out of the initial chunk (lib/feature-texts.ts). */
const files = import.meta.glob<Record<string, string>>('../../locales/*/lottery.json', {
  import: 'default',
});

export function loadLotteryTexts(): Promise<void> {
  return loadFeatureTexts('lottery', files);
}

/** Suspends (React `use`) until the `lottery` namespace is loaded; render under a Suspense. */
export const useLotteryTexts = featureTexts('lottery', files);
