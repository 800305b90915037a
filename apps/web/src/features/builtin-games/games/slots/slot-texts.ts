import { featureTexts } from '../../../../lib/feature-texts';

/** The slots' texts (namespace `builtin-slots`), loaded with the game, not the first screen. */
const files = import.meta.glob<Record<string, string>>('../../../../locales/*/builtin-slots.json', {
  import: 'default',
});

/** Suspends (React `use`) until the texts are loaded; render under a Suspense. */
export const useSlotTexts = featureTexts('builtin-slots', files);
