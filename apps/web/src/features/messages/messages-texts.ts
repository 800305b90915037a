import { featureTexts } from '../../lib/feature-texts';

/** Texts of the messages page and the chat room, kept out of the first screen. */
const files = import.meta.glob<Record<string, string>>('../../locales/*/messages.json', {
  import: 'default',
});

export const useMessagesTexts = featureTexts('messages', files);
