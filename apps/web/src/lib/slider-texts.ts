import { featureTexts } from './feature-texts';

/** The slider puzzle's texts, kept out of the initial chunk (lib/feature-texts.ts). */
const files = import.meta.glob<Record<string, string>>('../locales/*/slider.json', {
  import: 'default',
});

/** Suspends (React `use`) until the `slider` namespace is loaded; render under a Suspense. */
export const useSliderTexts = featureTexts('slider', files);
