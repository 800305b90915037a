import { featureTexts } from './feature-texts';

/** What the free demo can and cannot do: loads with the demo's dialog, not the first screen. */
const files = import.meta.glob<Record<string, string>>('../locales/*/demo.json', {
  import: 'default',
});

/** Suspends (React `use`) until the `demo` namespace is loaded; render under a Suspense. */
export const useDemoTexts = featureTexts('demo', files);
