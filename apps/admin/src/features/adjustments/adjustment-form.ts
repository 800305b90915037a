import { adminAdjustBalanceCall } from '@app/contract';
import type { Resolver } from 'react-hook-form';
import { bodySchemaOf, zodResolver } from '../../lib/zod-resolver';
import type { AdjustmentRequest } from './api/adjust-balance-call';

/** The form's fields as typed: the amount stays text until it is checked. */
export interface AdjustmentFields {
  account: string;
  amount: string;
  reason: string;
}

export const emptyAdjustment: AdjustmentFields = { account: '', amount: '', reason: '' };

/** A signed decimal with at most two places: `-12.5`, `100`, `0.01`. */
const AMOUNT_TEXT = /^[+-]?\d+(\.\d{1,2})?$/;

const contractResolver = zodResolver<AdjustmentRequest>(bodySchemaOf(adminAdjustBalanceCall));

/**
 * Checks the fields with the call's own schema (limits, not zero, two decimals, reason length).
 * Text that is no number at all is refused first, since the schema would only call it missing.
 */
export const adjustmentResolver: Resolver<AdjustmentFields, unknown, AdjustmentRequest> = async (
  fields,
  context,
  options,
) => {
  const amountText = fields.amount.trim();
  if (amountText !== '' && !AMOUNT_TEXT.test(amountText)) {
    return {
      values: {},
      errors: { amount: { type: 'pattern', message: 'form.invalid' } },
    };
  }
  const request = {
    account: fields.account,
    amount: amountText === '' ? undefined : Number(amountText),
    reason: fields.reason,
  } as AdjustmentRequest;
  // biome-ignore lint/suspicious/noExplicitAny: the contract resolver checks the converted values.
  return contractResolver(request, context, options as any) as any;
};
