import type { PointRewardType, RedeemStatus } from '@app/contract/client';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Every points query starts with this key: a redemption or conversion refreshes them all. */
export const pointsQueryKey = ['points'] as const;

export function usePointBalance() {
  return useQuery({
    queryKey: [...pointsQueryKey, 'balance'],
    queryFn: ({ signal }) => callApi('pointBalance', { signal }),
    meta: { private: true },
  });
}

export function usePointConfig() {
  return useQuery({
    queryKey: [...pointsQueryKey, 'config'],
    queryFn: ({ signal }) => callApi('pointConfig', { signal }),
    meta: { private: true },
  });
}

export function usePointRewards(filter: {
  type: PointRewardType | undefined;
  affordable: boolean;
  pageNo: number;
}) {
  return useQuery({
    queryKey: [...pointsQueryKey, 'rewards', filter],
    queryFn: ({ signal }) =>
      callApi('pointRewards', {
        signal,
        query: {
          ...(filter.type ? { type: filter.type } : {}),
          ...(filter.affordable ? { affordable: 'true' as const } : {}),
          pageNo: filter.pageNo,
        },
      }),
    placeholderData: keepPreviousData,
    meta: { private: true },
  });
}

export function useRedeemList(filter: { status: RedeemStatus | undefined; pageNo: number }) {
  return useQuery({
    queryKey: [...pointsQueryKey, 'redemptions', filter],
    queryFn: ({ signal }) =>
      callApi('redeemPointList', {
        signal,
        query: { ...(filter.status ? { status: filter.status } : {}), pageNo: filter.pageNo },
      }),
    placeholderData: keepPreviousData,
    meta: { private: true },
  });
}

export function usePointDetail(pageNo: number) {
  return useQuery({
    queryKey: [...pointsQueryKey, 'detail', pageNo],
    queryFn: ({ signal }) => callApi('pointDetail', { signal, query: { pageNo } }),
    placeholderData: keepPreviousData,
    meta: { private: true },
  });
}

/** Refreshes every points query (after a redemption or a conversion). */
export function useRefreshPoints() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: pointsQueryKey });
}

export function redeemReward(
  body: { rewardId: string; quantity: number; paymentPassword: string },
  idempotencyKey: string,
) {
  return callApi('redeemPointReward', { body, idempotencyKey });
}

export function convertPoints(
  body: { points: number; paymentPassword: string },
  idempotencyKey: string,
) {
  return callApi('convertPoint', { body, idempotencyKey });
}
