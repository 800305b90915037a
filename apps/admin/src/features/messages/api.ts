import {
  type AdminMessage,
  adminMemberLabelsCall,
  adminSendMessageCall,
  adminSentMessagesCall,
  adminWithdrawMessageCall,
  type CallBody,
  CURSOR_PAGE_LIMIT_DEFAULT,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../lib/api-client';

const SENT_KEY = ['messages', 'sent'] as const;

export const sentPages = {
  queryKey: SENT_KEY,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) =>
    callAdmin(adminSentMessagesCall, {
      query: { limit: CURSOR_PAGE_LIMIT_DEFAULT, ...(cursor ? { cursor } : {}) },
      signal,
    }) as Promise<{ items: AdminMessage[]; nextCursor: string | null }>,
};

export function useMemberLabels(enabled: boolean) {
  return useQuery({
    queryKey: ['member-labels'],
    queryFn: () => callAdmin(adminMemberLabelsCall),
    enabled,
  });
}

function useInvalidating<I, O>(run: (input: I) => Promise<O>, key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useSendMessage = () =>
  useInvalidating(
    (body: CallBody<typeof adminSendMessageCall>) => callAdmin(adminSendMessageCall, { body }),
    SENT_KEY,
  );
export const useWithdrawMessage = () =>
  useInvalidating((id: string) => callAdmin(adminWithdrawMessageCall, { body: { id } }), SENT_KEY);
