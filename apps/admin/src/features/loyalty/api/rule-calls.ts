import {
  type AdminPointRules,
  type AdminVipRanks,
  adminPointRulesCall,
  adminSavePointRulesCall,
  adminSaveVipRanksCall,
  adminVipRanksCall,
} from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../../lib/api-client';

export type PointRule = AdminPointRules['rules'][number];
export type VipRank = AdminVipRanks['ranks'][number];

export const POINT_RULES_KEY = ['point-rules'] as const;
export const VIP_RANKS_KEY = ['vip-ranks'] as const;

/** Reads the rules and settings once; the page's table and its dialog share the answer. */
export function fetchPointRules(signal?: AbortSignal): Promise<AdminPointRules> {
  return callAdmin(adminPointRulesCall, { signal });
}

export function fetchVipRanks(signal?: AbortSignal): Promise<AdminVipRanks> {
  return callAdmin(adminVipRanksCall, { signal });
}

/** Rules and ranks are short lists (one per game category, at most VIP_RANKS_MAX): one page. */
export const pointRulePages = {
  queryKey: POINT_RULES_KEY,
  fetchPage: async (_cursor: string | undefined, signal: AbortSignal) => {
    const { rules } = await fetchPointRules(signal);
    return { items: rules, nextCursor: null };
  },
};

export const vipRankPages = {
  queryKey: VIP_RANKS_KEY,
  fetchPage: async (_cursor: string | undefined, signal: AbortSignal) => {
    const { ranks } = await fetchVipRanks(signal);
    return { items: ranks, nextCursor: null };
  },
};

/** Replaces the whole rule set and conversion settings; the table is read again after. */
export function useSavePointRules(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminPointRules) => callAdmin(adminSavePointRulesCall, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: POINT_RULES_KEY });
      onDone();
    },
  });
}

/** Replaces the ranks and their window; the table is read again after. */
export function useSaveVipRanks(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminVipRanks) => callAdmin(adminSaveVipRanksCall, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: VIP_RANKS_KEY });
      onDone();
    },
  });
}
