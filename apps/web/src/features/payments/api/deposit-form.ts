import type { RouteBody } from '@app/contract/client';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

// The deposit form's calls, apart from use-payments.ts, which the first screen loads for the
// return notice: they reach the browser only with the form.

export function usePaymentMethods(enabled: boolean) {
  return useQuery({
    queryKey: ['payments', 'methods'],
    queryFn: ({ signal }) => callApi('paymentMethods', { signal }),
    enabled,
    meta: { private: true },
  });
}

/** Starts a deposit; one Idempotency-Key per form, so a double click or a retry starts one. */
export function createDeposit(body: RouteBody<'createDeposit'>, idempotencyKey: string) {
  return callApi('createDeposit', { body, idempotencyKey });
}
