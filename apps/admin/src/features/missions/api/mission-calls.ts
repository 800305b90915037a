import {
  type AdminMission,
  adminMissionsCall,
  adminReferralRuleCall,
  adminSaveMissionCall,
  adminSaveReferralRuleCall,
  adminSetMissionStatusCall,
  type CallBody,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../../lib/api-client';

export type { AdminMission };

const MISSIONS_KEY = 'missions';
const REFERRAL_RULE_KEY = 'referral-rule';

/** The DataTable's source of the missions: one page (at most MISSIONS_PER_MERCHANT_MAX). */
export const missionPages = {
  queryKey: [MISSIONS_KEY] as const,
  fetchPage: async (_cursor: string | undefined, signal: AbortSignal) => ({
    items: (await callAdmin(adminMissionsCall, { signal })).list,
    nextCursor: null,
  }),
};

export function useSaveMission(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof adminSaveMissionCall>) =>
      callAdmin(adminSaveMissionCall, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [MISSIONS_KEY] });
      onDone();
    },
  });
}

export function useSetMissionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof adminSetMissionStatusCall>) =>
      callAdmin(adminSetMissionStatusCall, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [MISSIONS_KEY] }),
  });
}

export function useReferralRule() {
  return useQuery({
    queryKey: [REFERRAL_RULE_KEY],
    queryFn: ({ signal }) => callAdmin(adminReferralRuleCall, { signal }),
  });
}

export function useSaveReferralRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof adminSaveReferralRuleCall>) =>
      callAdmin(adminSaveReferralRuleCall, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [REFERRAL_RULE_KEY] }),
  });
}
