import { adminAdjustBalanceCall, type CallValue } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { callAdmin } from '../../../lib/api-client';

/** What the operator asks for: the amount in major units, negative for a debit. */
export interface AdjustmentRequest {
  account: string;
  amount: number;
  reason: string;
}

export type AdjustmentResult = CallValue<typeof adminAdjustBalanceCall>;

export function useAdjustBalance() {
  return useMutation({
    mutationFn: ({
      request,
      idempotencyKey,
    }: {
      request: AdjustmentRequest;
      idempotencyKey: string;
    }) => callAdmin(adminAdjustBalanceCall, { body: request, idempotencyKey }),
  });
}
