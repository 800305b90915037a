import { use } from 'react';
import { type FeatureTextFiles, loadFeatureTexts } from './i18n';

/**
 * A namespace that loads with its feature, not with the first screen (`sms`, `slider`,
 * `centre`): English and the current language (with its fallbacks, PT-BR → PT), and a newly
 * chosen language's file before the switch (lib/i18n.ts). Each file is a chunk of its own.
 * Returns a hook that suspends (React `use`) until the texts are there; render it under a
 * Suspense.
 */
export function featureTexts(namespace: string, files: FeatureTextFiles): () => void {
  return function useFeatureTexts() {
    // Always called (a `use` skipped on a replay breaks the hook order); a load that has
    // finished is marked fulfilled, so it renders at once with no fallback flash.
    use(loadFeatureTexts(namespace, files));
  };
}
