import type { RouteBody } from '@app/contract/client';
import { callApi } from '../../../lib/api-client';

/**
 * Starts a deposit; one Idempotency-Key per deposit form, so a double click or a retry starts
 * one deposit. Apart from use-payments.ts, which the first screen loads for the return notice.
 */
export function createDeposit(body: RouteBody<'createDeposit'>, idempotencyKey: string) {
  return callApi('createDeposit', { body, idempotencyKey });
}
