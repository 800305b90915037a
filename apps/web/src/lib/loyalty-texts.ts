import { featureTexts } from './feature-texts';

/** Missions and invite-friends texts, kept out of the initial chunk (lib/feature-texts.ts). */
const files = import.meta.glob<Record<string, string>>('../locales/*/loyalty.json', {
  import: 'default',
});

/** Suspends (React `use`) until the `loyalty` namespace is loaded; render under a Suspense. */
export const useLoyaltyTexts = featureTexts('loyalty', files);
