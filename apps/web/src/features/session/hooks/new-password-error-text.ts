import { formatPatternMessage } from '@app/contract/client';
import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';

/**
 * The text of a refused password reset: a new password that breaks the merchant's rule shows
 * the rule's message with its lengths; any other failure its error text.
 */
export function newPasswordErrorText(t: TFunction, error: unknown): string {
  if (!isApiError(error) || error.errorCode !== 'REG_FIELD_INVALID') return errorText(t, error);
  return formatPatternMessage(
    t(`validation:reg_pattern_${error.details?.patternId ?? 0}`),
    error.details?.minLength ?? 0,
    error.details?.maxLength ?? 0,
  );
}
