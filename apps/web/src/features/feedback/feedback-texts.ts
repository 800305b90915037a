import { featureTexts } from '../../lib/feature-texts';

/** The feedback form's texts, loaded with the form (lib/feature-texts.ts). */
const files = import.meta.glob<Record<string, string>>('../../locales/*/feedback.json', {
  import: 'default',
});

export const useFeedbackTexts = featureTexts('feedback', files);
