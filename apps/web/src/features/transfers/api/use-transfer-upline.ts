import type { RouteBody } from '@app/contract/client';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The member's upline (masked) and the merchant's limits for a transfer to it. */
export function useTransferUplineInfo() {
  return useQuery({
    queryKey: ['transfers', 'upline'],
    queryFn: ({ signal }) => callApi('transferUplineInfo', { signal }),
    meta: { private: true },
  });
}

/** One Idempotency-Key per intended transfer, so a retry moves the money once. */
export function transferUpline(body: RouteBody<'transferUpline'>, idempotencyKey: string) {
  return callApi('transferUpline', { body, idempotencyKey });
}
