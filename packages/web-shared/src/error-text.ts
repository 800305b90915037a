import type { TFunction } from 'i18next';
import { isApiError, NETWORK_ERROR } from './api-error';

/** The translated text of a failed call, keyed by its `errorCode` (namespace `errors`). */
export function errorText(t: TFunction, error: unknown): string {
  const code = isApiError(error) ? error.errorCode : NETWORK_ERROR;
  return t(`errors:${code}`, { defaultValue: t('errors:INTERNAL_ERROR') });
}
