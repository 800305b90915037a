import { use } from 'react';
import { type FeatureTextFiles, isFeatureLoadSettled, loadFeatureTexts } from './i18n';

/**
 * A namespace that loads with its feature, not with the first screen (`sms`, `slider`,
 * `centre`): English and the current language (with its fallbacks, PT-BR → PT), and a newly
 * chosen language's file before the switch (lib/i18n.ts). Each file is a chunk of its own.
 * Returns a hook that suspends (React `use`) until the texts are there; render it under a
 * Suspense.
 */
export function featureTexts(namespace: string, files: FeatureTextFiles): () => void {
  return function useFeatureTexts() {
    const loading = loadFeatureTexts(namespace, files);
    // Texts already here: render at once (no fallback flash on later screens).
    if (!isFeatureLoadSettled(loading)) use(loading);
  };
}
