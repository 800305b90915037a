import type {
  AdminChatMessage,
  adminChatDeleteMessageCall,
  adminChatMessagesCall,
  adminChatMuteCall,
  adminChatPostCall,
  adminChatRoomCall,
  adminUpdateChatRoomCall,
  CallBody,
} from '@app/contract';
import { adminRoutes } from '@app/contract/admin-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin, callRoute } from '../../lib/api-client';

/**
 * The chat room's calls as schema-free routes (lib/api-client.ts `CallRoute`), typed by the
 * contract's definitions: the page never validates a form with zod, so importing the
 * definitions only pulled zod and every schema into its chunk (docs/console.md, size budget).
 * The paths are the contract's own (`adminRoutes`).
 */
const chatMessagesRoute = callRoute<typeof adminChatMessagesCall>(adminRoutes.adminChatMessages);
const chatDeleteRoute = callRoute<typeof adminChatDeleteMessageCall>(
  adminRoutes.adminChatDeleteMessage,
);
const chatPostRoute = callRoute<typeof adminChatPostCall>(adminRoutes.adminChatPost);
const chatMuteRoute = callRoute<typeof adminChatMuteCall>(adminRoutes.adminChatMute);
const chatRoomRoute = callRoute<typeof adminChatRoomCall>(adminRoutes.adminChatRoom);
const updateChatRoomRoute = callRoute<typeof adminUpdateChatRoomCall>(
  adminRoutes.adminUpdateChatRoom,
);

const CHAT_KEY = ['chat', 'messages'] as const;
const ROOM_KEY = ['chat', 'room'] as const;

/** Pages of the room's messages, newest first; the server's default page size applies. */
export const chatPages = {
  queryKey: CHAT_KEY,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) =>
    callAdmin(chatMessagesRoute, {
      query: cursor ? { cursor } : {},
      signal,
    }) as Promise<{ items: AdminChatMessage[]; nextCursor: string | null }>,
};

function useInvalidating<I, O>(run: (input: I) => Promise<O>, key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useDeleteChatMessage = () =>
  useInvalidating((id: string) => callAdmin(chatDeleteRoute, { body: { id } }), CHAT_KEY);
export const useHousePost = () =>
  useInvalidating((text: string) => callAdmin(chatPostRoute, { body: { text } }), CHAT_KEY);
export const useMute = () =>
  useInvalidating(
    (body: CallBody<typeof adminChatMuteCall>) => callAdmin(chatMuteRoute, { body }),
    CHAT_KEY,
  );

export function useChatRoomSettings() {
  return useQuery({ queryKey: ROOM_KEY, queryFn: () => callAdmin(chatRoomRoute) });
}
export const useSaveChatRoom = () =>
  useInvalidating(
    (body: CallBody<typeof adminUpdateChatRoomCall>) => callAdmin(updateChatRoomRoute, { body }),
    ROOM_KEY,
  );
