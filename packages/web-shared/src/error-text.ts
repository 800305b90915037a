import { type ErrorDetails, formatAmount } from '@app/contract/client';
import type { TFunction } from 'i18next';
import { isApiError, NETWORK_ERROR } from './api-error';

/** Amounts a message names (`{{remaining}}`, `{{maxBet}}`), formatted as the site shows money. */
function amountsOf(details: ErrorDetails | undefined): Record<string, string> {
  const amounts: Record<string, string> = {};
  if (details?.remainingAmount !== undefined) {
    amounts.remaining = formatAmount(details.remainingAmount);
  }
  if (details?.maxBetAmount !== undefined) amounts.maxBet = formatAmount(details.maxBetAmount);
  return amounts;
}

/** The translated text of a failed call, keyed by its `errorCode` (namespace `errors`). */
export function errorText(t: TFunction, error: unknown): string {
  const code = isApiError(error) ? error.errorCode : NETWORK_ERROR;
  const details = isApiError(error) ? error.details : undefined;
  return t(`errors:${code}`, { defaultValue: t('errors:INTERNAL_ERROR'), ...amountsOf(details) });
}
