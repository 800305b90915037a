import {
  adminBonusesCall,
  type adminContentUploadImageCall,
  adminDecideApplicationCall,
  adminForfeitBonusCall,
  adminPromotionApplicationImageCall,
  adminPromotionApplicationsCall,
  adminPromotionParticipantsCall,
  type adminPromotionPreviewCall,
  adminPromotionReportCall,
  adminPromotionsCall,
  adminSavePromotionCall,
  adminSetPromotionStateCall,
  type CallBody,
  type CallValue,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin, callRoute } from '../../../lib/api-client';

export type AdminPromotionRow = CallValue<typeof adminPromotionsCall>['items'][number];
export type AdminApplicationRow = CallValue<typeof adminPromotionApplicationsCall>['items'][number];
export type AdminBonusRow = CallValue<typeof adminBonusesCall>['items'][number];
export type PromotionBody = CallBody<typeof adminSavePromotionCall>;
export type AdminParticipantRow = CallValue<typeof adminPromotionParticipantsCall>['items'][number];
export type ParticipantStatus = AdminParticipantRow['status'];
export type PreviewText = CallBody<typeof adminPromotionPreviewCall>;
export type ApplicationStatus = 'pending' | 'approved' | 'rejected';
export const applicationStatuses: readonly ApplicationStatus[] = [
  'pending',
  'approved',
  'rejected',
];

const PROMOTIONS_KEY = 'admin-promotions';
const APPLICATIONS_KEY = 'admin-promotion-applications';
const BONUSES_KEY = 'admin-bonuses';
const PARTICIPANTS_KEY = 'admin-promotion-participants';
/** Rows per page: a screen's worth; the server allows up to CURSOR_PAGE_LIMIT_MAX. */
const PAGE_SIZE = 20;

export function promotionPages() {
  return {
    queryKey: [PROMOTIONS_KEY] as const,
    fetchPage: (cursor: string | undefined, signal: AbortSignal) =>
      callAdmin(adminPromotionsCall, { query: { cursor, limit: PAGE_SIZE }, signal }),
  };
}

export function applicationPages(status: ApplicationStatus) {
  return {
    queryKey: [APPLICATIONS_KEY, status] as const,
    fetchPage: (cursor: string | undefined, signal: AbortSignal) =>
      callAdmin(adminPromotionApplicationsCall, {
        query: { status, cursor, limit: PAGE_SIZE },
        signal,
      }),
  };
}

export function bonusPages(account: string) {
  return {
    queryKey: [BONUSES_KEY, account] as const,
    fetchPage: (cursor: string | undefined, signal: AbortSignal) =>
      callAdmin(adminBonusesCall, {
        query: { cursor, limit: PAGE_SIZE, account: account === '' ? undefined : account },
        signal,
      }),
  };
}

export function participantPages(id: string, status: ParticipantStatus | undefined) {
  return {
    queryKey: [PARTICIPANTS_KEY, id, status ?? 'all'] as const,
    fetchPage: (cursor: string | undefined, signal: AbortSignal) =>
      callAdmin(adminPromotionParticipantsCall, {
        query: { id, status, cursor, limit: PAGE_SIZE },
        signal,
      }),
  };
}

export const usePromotionReport = (id: string) =>
  useQuery({
    queryKey: [PROMOTIONS_KEY, 'report', id],
    queryFn: ({ signal }) => callAdmin(adminPromotionReportCall, { query: { id }, signal }),
  });

/** One application image as a data URL (the server's clean re-encoded copy). */
export const useApplicationImage = (id: string) =>
  useQuery({
    queryKey: [APPLICATIONS_KEY, 'image', id],
    queryFn: async ({ signal }) => {
      const image = await callAdmin(adminPromotionApplicationImageCall, { query: { id }, signal });
      return `data:${image.contentType};base64,${image.base64}`;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

function useAfter(key: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [key] });
    onDone?.();
  };
}

export function useSavePromotion(onDone: () => void) {
  const after = useAfter(PROMOTIONS_KEY, onDone);
  return useMutation({
    mutationFn: (body: PromotionBody) => callAdmin(adminSavePromotionCall, { body }),
    onSuccess: after,
  });
}

export function useSetPromotionState() {
  const after = useAfter(PROMOTIONS_KEY);
  return useMutation({
    mutationFn: (body: CallBody<typeof adminSetPromotionStateCall>) =>
      callAdmin(adminSetPromotionStateCall, { body }),
    onSuccess: after,
  });
}

export function useDecideApplication(onDone: () => void) {
  const after = useAfter(APPLICATIONS_KEY, onDone);
  return useMutation({
    mutationFn: (body: CallBody<typeof adminDecideApplicationCall>) =>
      callAdmin(adminDecideApplicationCall, { body }),
    onSuccess: after,
  });
}

export function useForfeitBonus(onDone: () => void) {
  const after = useAfter(BONUSES_KEY, onDone);
  return useMutation({
    mutationFn: (body: CallBody<typeof adminForfeitBonusCall>) =>
      callAdmin(adminForfeitBonusCall, { body }),
    onSuccess: after,
  });
}

/**
 * The content library's upload by its route alone: the promotions chunks do not load the content
 * calls' zod schemas for one upload (console size budget; the server validates the body).
 */
const uploadImageRoute = callRoute<typeof adminContentUploadImageCall>({
  method: 'POST',
  path: '/admin/content/images',
  auth: true,
});

/** Banner images go through the content library's upload (checked and re-encoded there). */
export const useUploadBanner = () =>
  useMutation({
    mutationFn: (imageBase64: string) => callAdmin(uploadImageRoute, { body: { imageBase64 } }),
  });
