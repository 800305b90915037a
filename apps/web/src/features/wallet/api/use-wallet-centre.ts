import type { RouteBody, TransactionType } from '@app/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Every wallet query of the member centre: invalidate this after money moves. */
export const walletCentreKey = ['wallet', 'centre'] as const;

export function useConsolidatedFunds() {
  return useQuery({
    queryKey: [...walletCentreKey, 'consolidated'],
    queryFn: ({ signal }) => callApi('consolidatedFunds', { signal }),
    meta: { private: true },
  });
}

export function useMerchantWallet() {
  return useQuery({
    queryKey: [...walletCentreKey, 'merchant-wallet'],
    queryFn: ({ signal }) => callApi('merchantWallet', { signal }),
    meta: { private: true },
  });
}

export interface RecordFilter {
  /** ISO instants: from inclusive, to exclusive. */
  from: string;
  to: string;
  pageNo: number;
  pageSize: number;
  type?: TransactionType;
}

/** Account record (`transactions`) or bonus details: the same page shape. */
export function useRecordPage(kind: 'transactions' | 'bonusDetails', filter: RecordFilter | null) {
  return useQuery({
    queryKey: [...walletCentreKey, kind, filter],
    queryFn: ({ signal }) =>
      callApi(kind, {
        query: {
          from: filter?.from,
          to: filter?.to,
          pageNo: filter?.pageNo ?? 1,
          pageSize: filter?.pageSize ?? 10,
          ...(kind === 'transactions' && filter?.type ? { type: filter.type } : {}),
        },
        signal,
      }),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
    meta: { private: true },
  });
}

/** Between the main wallet and a vendor's; one Idempotency-Key per intended transfer. */
export function walletTransfer(body: RouteBody<'walletTransfer'>, idempotencyKey: string) {
  return callApi('walletTransfer', { body, idempotencyKey });
}
