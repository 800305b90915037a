import { BONUS_PAGE_SIZE_DEFAULT } from '@app/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Every bonus query: invalidate after a forfeit. */
export const bonusQueryKey = ['bonus'] as const;

/** The reward centre: claimable now, running (with progress) and claimed. */
export function useRewardCenter() {
  return useQuery({
    queryKey: [...bonusQueryKey, 'reward-center'],
    queryFn: ({ signal }) => callApi('rewardCenter', { signal }),
    meta: { private: true },
  });
}

/** Bonus details: every bonus of the member, newest first, paged. */
export function useBonusList(pageNo: number) {
  return useQuery({
    queryKey: [...bonusQueryKey, 'list', pageNo],
    queryFn: ({ signal }) =>
      callApi('bonusList', { query: { pageNo, pageSize: BONUS_PAGE_SIZE_DEFAULT }, signal }),
    placeholderData: keepPreviousData,
    meta: { private: true },
  });
}

export function forfeitBonus(bonusId: string) {
  return callApi('forfeitBonus', { body: { bonusId } });
}
