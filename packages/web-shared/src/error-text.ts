import { retryAfterText } from '@app/contract/client';
import type { TFunction } from 'i18next';
import { isApiError, NETWORK_ERROR } from './api-error';

/**
 * The translated text of a failed call, keyed by its `errorCode` (namespace `errors`); a
 * rate-limited answer also says when to try again (issue 22 item 17).
 */
export function errorText(t: TFunction, error: unknown): string {
  const code = isApiError(error) ? error.errorCode : NETWORK_ERROR;
  // A message that names amounts (turnover left, max bet), or whose text the site does not
  // carry (the bonus engine's, kept off the first screen), comes whole from the server, which
  // wrote it in the caller's language.
  const details = isApiError(error) ? error.details : undefined;
  const serverMessage = isApiError(error) && error.message ? error.message : undefined;
  if (serverMessage && (details?.remainingAmount !== undefined || code.startsWith('BONUS_'))) {
    return serverMessage;
  }
  const text = t(`errors:${code}`, { defaultValue: t('errors:INTERNAL_ERROR') });
  const seconds = details?.retryAfterSeconds;
  if (seconds === undefined) return text;
  const { key, count } = retryAfterText(seconds);
  const wait = t(`validation:${key}`, { count, defaultValue: '' });
  if (!wait) return text;
  return `${text}${/[.!?。！？]$/.test(text) ? ' ' : '. '}${wait}`;
}
