import { featureTexts } from './feature-texts';

/** The SMS forms' texts, kept out of the initial chunk (lib/feature-texts.ts). */
const files = import.meta.glob<Record<string, string>>('../locales/*/sms.json', {
  import: 'default',
});

/** Suspends (React `use`) until the `sms` namespace is loaded; render under a Suspense. */
export const useSmsTexts = featureTexts('sms', files);
