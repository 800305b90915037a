import type { LanguageCode } from '@app/contract';
import type { PromotionBody } from './api/promotion-calls';

/** Whether the operator wrote this language (players of an empty one see the fallback). */
export function isWritten(texts: PromotionBody['texts'], language: LanguageCode): boolean {
  return (texts[language]?.title ?? '').trim() !== '';
}
