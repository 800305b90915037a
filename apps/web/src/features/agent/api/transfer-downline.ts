import type { RouteBody } from '@app/contract/client';
import { callApi } from '../../../lib/api-client';

/** Pays a direct downline; one Idempotency-Key per intended transfer, so a retry pays once. */
export function transferDownline(body: RouteBody<'transferDownline'>, idempotencyKey: string) {
  return callApi('transferDownline', { body, idempotencyKey });
}
