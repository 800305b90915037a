import {
  GAME_CLIENT_TYPE,
  GAME_LIST_PAGE_SIZE,
  type Game,
  type GameCategory,
  POPULAR_GAMES_COUNT,
  RANK_LIST_SIZE,
  type RouteQuery,
  type RouteValue,
} from '@app/contract/client';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api-client';
import { currentLanguageCode } from '../../../lib/i18n';
import { useGamesAccess } from '../games-access';

/** Menus and lists change when an operator edits them; a minute old is fresh enough. */
const CATALOGUE_STALE_MS = 60 * 1000;
/** SPEC §9 platform of the game calls from a desktop browser. */
export const GAME_PLATFORM = 'html5-desktop';

/** The current language, re-read whenever it changes (names are per language). */
function useGamesLanguage() {
  useTranslation();
  return currentLanguageCode();
}

export const gamesKeys = {
  all: ['games'] as const,
  member: (memberKey: string | null) => ['games', 'member', memberKey] as const,
  favouriteIds: (memberKey: string | null) =>
    ['games', 'member', memberKey, 'favouriteIds'] as const,
};

export function useGameMenus() {
  const language = useGamesLanguage();
  return useQuery({
    queryKey: ['games', 'menus', language],
    queryFn: ({ signal }) =>
      callApi('gameMenus', { query: { language, clientType: GAME_CLIENT_TYPE }, signal }),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export type GameListFilter = Pick<
  RouteQuery<'gameList'>,
  'gameType' | 'vassalage' | 'gameClassify' | 'gameName' | 'parentNodeId'
>;

function gameListQuery(filter: GameListFilter, pageNo: number, language: string) {
  return {
    ...filter,
    gameName: filter.gameName || undefined,
    pageNo,
    pageSize: GAME_LIST_PAGE_SIZE,
    clientType: GAME_CLIENT_TYPE,
    platform: GAME_PLATFORM,
    language,
  } as RouteQuery<'gameList'>;
}

/** One page of the game list (desktop pager); the previous page stays while the next loads. */
export function useGameList(filter: GameListFilter, pageNo: number, enabled = true) {
  const language = useGamesLanguage();
  return useQuery({
    queryKey: ['games', 'list', filter, pageNo, language],
    queryFn: ({ signal }) =>
      callApi('gameList', { query: gameListQuery(filter, pageNo, language), signal }),
    staleTime: CATALOGUE_STALE_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every page so far of the game list (phones: infinite scroll). */
export function useInfiniteGameList(filter: GameListFilter, enabled = true) {
  const language = useGamesLanguage();
  return useInfiniteQuery({
    queryKey: ['games', 'list-infinite', filter, language],
    queryFn: ({ signal, pageParam }) =>
      callApi('gameList', { query: gameListQuery(filter, pageParam, language), signal }),
    initialPageParam: 1,
    getNextPageParam: (last: RouteValue<'gameList'>) =>
      last.pageNo < last.totalPages ? last.pageNo + 1 : undefined,
    staleTime: CATALOGUE_STALE_MS,
    enabled,
  });
}

/** A vendor's categories and classifies (the sub-tabs of a vendor tab). */
export function useVassGameType(vassalage: string | null) {
  const language = useGamesLanguage();
  return useQuery({
    queryKey: ['games', 'vass-type', vassalage, language],
    queryFn: ({ signal }) =>
      callApi('vassGameType', { query: { vassalage: vassalage ?? '', language }, signal }),
    staleTime: CATALOGUE_STALE_MS,
    enabled: vassalage !== null,
  });
}

export function useFavouriteIds() {
  const { canKeepFavourites, memberKey } = useGamesAccess();
  return useQuery({
    queryKey: gamesKeys.favouriteIds(memberKey),
    queryFn: ({ signal }) =>
      callApi('favouriteGameIds', { query: { clientType: GAME_CLIENT_TYPE }, signal }),
    enabled: canKeepFavourites,
  });
}

export function useFavouriteGames(gameType: GameCategory, pageNo: number, enabled: boolean) {
  const { canKeepFavourites, memberKey } = useGamesAccess();
  const language = useGamesLanguage();
  return useQuery({
    queryKey: [...gamesKeys.member(memberKey), 'favourites', gameType, pageNo, language],
    queryFn: ({ signal }) =>
      callApi('favouriteGames', {
        query: {
          gameType,
          pageNo,
          pageSize: GAME_LIST_PAGE_SIZE,
          clientType: GAME_CLIENT_TYPE,
          platform: 'flash',
          language,
        } as RouteQuery<'favouriteGames'>,
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: enabled && canKeepFavourites,
  });
}

export function useRecentGames(gameType: GameCategory, pageNo: number, enabled: boolean) {
  const { isLoggedIn, memberKey } = useGamesAccess();
  const language = useGamesLanguage();
  return useQuery({
    queryKey: [...gamesKeys.member(memberKey), 'recent', gameType, pageNo, language],
    queryFn: ({ signal }) =>
      callApi('recentGames', {
        query: {
          gameType,
          pageNo,
          pageSize: GAME_LIST_PAGE_SIZE,
          clientType: GAME_CLIENT_TYPE,
          language,
        } as RouteQuery<'recentGames'>,
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: enabled && isLoggedIn,
  });
}

/**
 * SPEC §4 favourites: remove when the game is a favourite, else add; then the local list of ids
 * follows at once, and the favourites tab reloads.
 */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  const { memberKey } = useGamesAccess();
  return useMutation({
    mutationFn: async ({ game, favourite }: { game: Game; favourite: boolean }) => {
      const body = { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType };
      return favourite
        ? callApi('removeFavouriteGame', { body })
        : callApi('addFavouriteGame', { body });
    },
    onSuccess: (result) => {
      queryClient.setQueryData<number[]>(gamesKeys.favouriteIds(memberKey), (ids = []) =>
        result.favourite
          ? [...ids.filter((id) => id !== result.nodeId), result.nodeId]
          : ids.filter((id) => id !== result.nodeId),
      );
      void queryClient.invalidateQueries({
        queryKey: [...gamesKeys.member(memberKey), 'favourites'],
      });
    },
  });
}

export function useHotGames(gameType?: GameCategory) {
  const language = useGamesLanguage();
  return useQuery({
    queryKey: ['games', 'hot', gameType ?? null, language],
    queryFn: ({ signal }) =>
      callApi('hotGames', {
        query: {
          gameType,
          isPlatform: 2,
          platform: GAME_PLATFORM,
          language,
        } as RouteQuery<'hotGames'>,
        signal,
      }),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function usePopularGames() {
  const language = useGamesLanguage();
  return useQuery({
    queryKey: ['games', 'popular', language],
    queryFn: ({ signal }) =>
      callApi('popularGames', {
        query: { count: POPULAR_GAMES_COUNT, language } as RouteQuery<'popularGames'>,
        signal,
      }),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function useRankList() {
  const language = useGamesLanguage();
  return useQuery({
    queryKey: ['games', 'rank', language],
    queryFn: ({ signal }) =>
      callApi('rankList', {
        query: { count: RANK_LIST_SIZE, language } as RouteQuery<'rankList'>,
        signal,
      }),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function usePvpRooms(enabled: boolean) {
  const language = useGamesLanguage();
  return useQuery({
    queryKey: ['games', 'pvp-rooms', language],
    queryFn: ({ signal }) => callApi('pvpRoomList', { query: { language }, signal }),
    staleTime: CATALOGUE_STALE_MS,
    enabled,
  });
}
