import { featureTexts } from '../../lib/feature-texts';

/** The play shell's and verify page's texts, out of the initial chunk (lib/feature-texts.ts). */
const files = import.meta.glob<Record<string, string>>('../../locales/*/builtin-games.json', {
  import: 'default',
});

/** Suspends (React `use`) until the `builtin-games` namespace is loaded; render under a Suspense. */
export const useBuiltinGamesTexts = featureTexts('builtin-games', files);
