import { featureTexts } from '../../lib/feature-texts';

/** The security centre's texts, loaded with its page (lib/feature-texts.ts). */
const files = import.meta.glob<Record<string, string>>('../../locales/*/security.json', {
  import: 'default',
});

export const useSecurityTexts = featureTexts('security', files);
