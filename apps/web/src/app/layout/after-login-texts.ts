import { featureTexts } from '../../lib/feature-texts';

/** The after-login rewards modal's texts, loaded with the modal (lib/feature-texts.ts). */
const files = import.meta.glob<Record<string, string>>('../../locales/*/after-login.json', {
  import: 'default',
});

export const useAfterLoginTexts = featureTexts('after-login', files);
