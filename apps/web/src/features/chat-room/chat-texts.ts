import { featureTexts } from '../../lib/feature-texts';

/**
 * The chat room's texts, loaded with the room, not with the first screen. They share the
 * `messages` namespace with the messages page: one file per language keeps the download small.
 */
const files = import.meta.glob<Record<string, string>>('../../locales/*/messages.json', {
  import: 'default',
});

export const useChatTexts = featureTexts('messages', files);
