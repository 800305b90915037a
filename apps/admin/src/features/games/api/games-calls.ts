import {
  type AdminGame,
  type AdminGameVendor,
  type AdminPvpRoom,
  adminCreateGameCall,
  adminGamesCall,
  adminGameVendorsCall,
  adminPvpRoomsCall,
  adminUpdateGameCall,
  adminUpdateGameVendorCall,
  adminUpdatePvpRoomCall,
  adminUploadGameIconCall,
  type CallBody,
  type GameCategory,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../../lib/api-client';

export type { AdminGame, AdminGameVendor, AdminPvpRoom };

/** Rows a page of the games list shows (the server allows up to 100). */
export const GAMES_PAGE_SIZE = 50;
const GAMES_KEY = 'games';

export interface GamesFilter {
  vassalage: string;
  gameType: GameCategory | '';
  enabled: '' | 'true' | 'false';
  search: string;
}

/** The DataTable's source of the merchant's games with the filter's defined values. */
export function gamePages(filter: GamesFilter) {
  return {
    queryKey: [GAMES_KEY, 'list', filter] as const,
    fetchPage: (cursor: string | undefined, signal: AbortSignal) =>
      callAdmin(adminGamesCall, {
        query: {
          limit: GAMES_PAGE_SIZE,
          ...(cursor ? { cursor } : {}),
          ...(filter.vassalage ? { vassalage: filter.vassalage } : {}),
          ...(filter.gameType ? { gameType: filter.gameType } : {}),
          ...(filter.enabled ? { enabled: filter.enabled } : {}),
          ...(filter.search.trim() ? { search: filter.search.trim() } : {}),
        } as never,
        signal,
      }),
  };
}

/** The DataTable's source of the vendors: one page (a merchant has tens of vendors). */
export const vendorPages = {
  queryKey: [GAMES_KEY, 'vendors', 'table'] as const,
  fetchPage: async (_cursor: string | undefined, signal: AbortSignal) => ({
    items: (await callAdmin(adminGameVendorsCall, { signal })).list,
    nextCursor: null,
  }),
};

export function useGameVendors() {
  return useQuery({
    queryKey: [GAMES_KEY, 'vendors'],
    queryFn: ({ signal }) => callAdmin(adminGameVendorsCall, { signal }),
  });
}

function useGamesMutation<TBody, TResult>(call: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [GAMES_KEY] });
    },
  });
}

export const useUpdateGame = () =>
  useGamesMutation((body: CallBody<typeof adminUpdateGameCall>) =>
    callAdmin(adminUpdateGameCall, { body }),
  );

export const useUpdateGameVendor = () =>
  useGamesMutation((body: CallBody<typeof adminUpdateGameVendorCall>) =>
    callAdmin(adminUpdateGameVendorCall, { body }),
  );

/** The DataTable's source of the PvP rooms: one page (a few per game). */
export const roomPages = {
  queryKey: [GAMES_KEY, 'rooms'] as const,
  fetchPage: async (_cursor: string | undefined, signal: AbortSignal) => ({
    items: (await callAdmin(adminPvpRoomsCall, { signal })).list,
    nextCursor: null,
  }),
};

export const useUploadGameIcon = () =>
  useMutation({
    mutationFn: (imageBase64: string) =>
      callAdmin(adminUploadGameIconCall, { body: { imageBase64 } }),
  });

export const useCreateGame = () =>
  useGamesMutation((body: CallBody<typeof adminCreateGameCall>) =>
    callAdmin(adminCreateGameCall, { body }),
  );

export const useUpdatePvpRoom = () =>
  useGamesMutation((body: CallBody<typeof adminUpdatePvpRoomCall>) =>
    callAdmin(adminUpdatePvpRoomCall, { body }),
  );

/** A picked file as base64 (without the data: prefix), as the upload call takes it. */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('file could not be read'));
    reader.onload = () => {
      const dataUrl = String(reader.result);
      resolve(dataUrl.slice(dataUrl.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}
