import { featureTexts } from '../../../../lib/feature-texts';
import { loadFeatureTexts } from '../../../../lib/i18n';

/** Dice, Mines and Plinko texts (`builtin-inhouse`), loaded with the game, not the site. */
const files = import.meta.glob<Record<string, string>>(
  '../../../../locales/*/builtin-inhouse.json',
  {
    import: 'default',
  },
);

/** Suspends (React `use`) until the namespace is loaded; render under a Suspense. */
export const useInhouseTexts = featureTexts('builtin-inhouse', files);

export const INHOUSE_NAMESPACE = 'builtin-inhouse';

/** Loads the namespace ahead (tests, or a shell that wants the texts before the board). */
export function loadInhouseTexts(): Promise<void> {
  return loadFeatureTexts(INHOUSE_NAMESPACE, files);
}
