import type { PromotionCategory } from '@app/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api-client';
import { currentLanguageCode } from '../../../lib/i18n';
import { useSessionToken } from '../../../lib/session-token';

const PROMOTIONS_STALE_MS = 30 * 1000;

/** Keys carry the language and the session: a guest's statuses are not a member's. */
function useKeyParts() {
  useTranslation();
  const token = useSessionToken();
  return [currentLanguageCode(), token ? 'member' : 'guest', token ?? ''] as const;
}

export function usePromotionList(category?: PromotionCategory) {
  const parts = useKeyParts();
  return useQuery({
    queryKey: ['promotions', 'list', category ?? 'all', ...parts],
    queryFn: ({ signal }) =>
      callApi('promotionList', { query: category ? { category } : {}, signal }),
    staleTime: PROMOTIONS_STALE_MS,
  });
}

export function usePromotionDetail(id: string) {
  const parts = useKeyParts();
  return useQuery({
    queryKey: ['promotions', 'detail', id, ...parts],
    queryFn: ({ signal }) => callApi('promotionDetail', { query: { id }, signal }),
    staleTime: PROMOTIONS_STALE_MS,
    enabled: /^\d{1,18}$/.test(id),
  });
}

/** The left bar's badge: promotions the visitor can join or claim now (from the server). */
export function usePromotionCount() {
  const parts = useKeyParts();
  return useQuery({
    queryKey: ['promotions', 'count', ...parts],
    queryFn: ({ signal }) => callApi('promotionCount', { signal }),
    staleTime: 60 * 1000,
  });
}

export type PromotionActionName = 'join' | 'claim' | 'claimRaffle';

export function usePromotionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, id }: { action: PromotionActionName; id: string }) => {
      if (action === 'join') return callApi('promotionJoin', { body: { id } });
      if (action === 'claim') return callApi('promotionClaim', { body: { id } });
      return callApi('claimRafflePromotion', { body: { promotionId: id } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['promotions'] }),
  });
}

export function usePromotionApply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; comment: string; images: string[] }) =>
      callApi('promotionApply', { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['promotions'] }),
  });
}
