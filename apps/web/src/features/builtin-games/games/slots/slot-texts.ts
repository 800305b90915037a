import { featureTexts } from '../../../../lib/feature-texts';
import { loadFeatureTexts } from '../../../../lib/i18n';

/** The slots' texts (namespace `builtin-slots`), loaded with the game, not the first screen. */
const files = import.meta.glob<Record<string, string>>('../../../../locales/*/builtin-slots.json', {
  import: 'default',
});

/** Suspends (React `use`) until the texts are loaded; render under a Suspense. */
export const useSlotTexts = featureTexts('builtin-slots', files);

/** Loads the texts ahead (tests, and a shell that wants them before the board). */
export function loadSlotTexts(): Promise<void> {
  return loadFeatureTexts('builtin-slots', files);
}
