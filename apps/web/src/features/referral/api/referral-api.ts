import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The member's code, link and QR, the merchant's rule and the totals. */
export function useMyReferral() {
  return useQuery({
    queryKey: ['referral', 'mine'],
    queryFn: ({ signal }) => callApi('myReferral', { signal }),
    meta: { private: true },
  });
}

export function useReferralFriends(pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: ['referral', 'friends', pageNo, pageSize],
    queryFn: ({ signal }) => callApi('referralFriends', { query: { pageNo, pageSize }, signal }),
    meta: { private: true },
  });
}
