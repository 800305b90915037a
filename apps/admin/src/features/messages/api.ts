import {
  type AdminChatMessage,
  type AdminMessage,
  adminChatDeleteMessageCall,
  adminChatMessagesCall,
  adminChatMuteCall,
  adminChatPostCall,
  adminChatRoomCall,
  adminMemberLabelsCall,
  adminSendMessageCall,
  adminSentMessagesCall,
  adminUpdateChatRoomCall,
  adminWithdrawMessageCall,
  type CallBody,
  CURSOR_PAGE_LIMIT_DEFAULT,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../lib/api-client';

const SENT_KEY = ['messages', 'sent'] as const;
const CHAT_KEY = ['chat', 'messages'] as const;
const ROOM_KEY = ['chat', 'room'] as const;

export const sentPages = {
  queryKey: SENT_KEY,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) =>
    callAdmin(adminSentMessagesCall, {
      query: { limit: CURSOR_PAGE_LIMIT_DEFAULT, ...(cursor ? { cursor } : {}) },
      signal,
    }) as Promise<{ items: AdminMessage[]; nextCursor: string | null }>,
};

export const chatPages = {
  queryKey: CHAT_KEY,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) =>
    callAdmin(adminChatMessagesCall, {
      query: { limit: CURSOR_PAGE_LIMIT_DEFAULT, ...(cursor ? { cursor } : {}) },
      signal,
    }) as Promise<{ items: AdminChatMessage[]; nextCursor: string | null }>,
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
export const useDeleteChatMessage = () =>
  useInvalidating(
    (id: string) => callAdmin(adminChatDeleteMessageCall, { body: { id } }),
    CHAT_KEY,
  );
export const useHousePost = () =>
  useInvalidating((text: string) => callAdmin(adminChatPostCall, { body: { text } }), CHAT_KEY);
export const useMute = () =>
  useInvalidating(
    (body: CallBody<typeof adminChatMuteCall>) => callAdmin(adminChatMuteCall, { body }),
    CHAT_KEY,
  );

export function useChatRoomSettings() {
  return useQuery({ queryKey: ROOM_KEY, queryFn: () => callAdmin(adminChatRoomCall) });
}
export const useSaveChatRoom = () =>
  useInvalidating(
    (body: CallBody<typeof adminUpdateChatRoomCall>) =>
      callAdmin(adminUpdateChatRoomCall, { body }),
    ROOM_KEY,
  );
