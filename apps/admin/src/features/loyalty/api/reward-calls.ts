import {
  adminPointRewardsCall,
  adminSavePointRewardCall,
  type CallBody,
  type CallValue,
} from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../../lib/api-client';

/** One catalogue item as the operator sees it. */
export type AdminReward = CallValue<typeof adminPointRewardsCall>['list'][number];
export type RewardSave = CallBody<typeof adminSavePointRewardCall>;

const REWARDS_KEY = ['point-rewards'] as const;

/**
 * The DataTable's source: the whole catalogue in one page (a merchant holds at most
 * POINT_REWARDS_ADMIN_MAX items, so the server answers it as one list).
 */
export const rewardPages = {
  queryKey: REWARDS_KEY,
  fetchPage: async (_cursor: string | undefined, signal: AbortSignal) => {
    const { list } = await callAdmin(adminPointRewardsCall, { signal });
    return { items: list, nextCursor: null };
  },
};

/** Creates (no id) or changes an item; the catalogue is read again after. */
export function useSaveReward(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RewardSave) => callAdmin(adminSavePointRewardCall, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: REWARDS_KEY });
      onDone();
    },
  });
}
