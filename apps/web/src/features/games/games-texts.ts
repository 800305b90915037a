import { featureTexts } from '../../lib/feature-texts';
import { loadFeatureTexts } from '../../lib/i18n';

/** The game screens' texts, out of the initial chunk (lib/feature-texts.ts). */
const files = import.meta.glob<Record<string, string>>('../../locales/*/games.json', {
  import: 'default',
});

export function loadGamesTexts(): Promise<void> {
  return loadFeatureTexts('games', files);
}

/** Suspends (React `use`) until the `games` namespace is loaded; render under a Suspense. */
export const useGamesTexts = featureTexts('games', files);
