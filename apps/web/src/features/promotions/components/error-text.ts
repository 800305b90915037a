import { isApiError } from '@app/web-shared/api-error';
import type { TFunction } from 'i18next';

/** A failed call as the member reads it: the translated text of its error code. */
export function errorText(t: TFunction, error: unknown): string {
  if (isApiError(error)) return t(`errors:${error.errorCode}`, { defaultValue: error.message });
  return t('errors:INTERNAL_ERROR');
}
