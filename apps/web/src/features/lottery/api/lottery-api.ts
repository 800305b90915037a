import {
  LOTTERY_HISTORY_PAGE_SIZE,
  LOTTERY_MY_BETS_PAGE_SIZE,
  LOTTERY_TREND_DRAW_COUNT,
  type LotteryArea,
  type LotteryGame,
  type RouteBody,
} from '@app/contract/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api-client';
import { currentLanguageCode } from '../../../lib/i18n';
import { serverOffsetMs } from '../model/countdown';

/** Games and their bet types change when an operator edits them; a minute old is fresh enough. */
const MENU_STALE_MS = 60 * 1000;
/** While a bet is open, the member's bets are re-read this often (settlement is seconds away). */
const OPEN_BETS_POLL_MS = 10_000;
/** The device the spec's lottery calls name (SPEC §7 game_menu: device WEB). */
const DEVICE = 'WEB';

export const lotteryKeys = {
  all: ['lottery'] as const,
  game: (gameCode: string) => ['lottery', 'game', gameCode] as const,
  draw: (gameCode: string) => ['lottery', 'game', gameCode, 'draw'] as const,
  member: (username: string | null) => ['lottery', 'member', username] as const,
};

function useLotteryLanguage() {
  useTranslation();
  return currentLanguageCode();
}

/** SPEC §7 game_menu (device WEB): every game, filtered to the page's area here. */
export function useLotteryMenu(area: LotteryArea) {
  const language = useLotteryLanguage();
  return useQuery({
    queryKey: ['lottery', 'menu', language],
    queryFn: ({ signal }) =>
      callApi('lotteryGameMenu', { query: { language, device: DEVICE }, signal }),
    staleTime: MENU_STALE_MS,
    select: (value): LotteryGame[] => value.list.filter((game) => game.area === area),
  });
}

/**
 * The games' stake limits are those of each game's open draw (a draw keeps its game's limits
 * from when it was created), so the menu is read again when another draw opens.
 */
export function useMenuFollowsOpenDraw(openDrawId: number | null) {
  const queryClient = useQueryClient();
  const seen = useRef(openDrawId);
  useEffect(() => {
    if (openDrawId === null || openDrawId === seen.current) return;
    seen.current = openDrawId;
    void queryClient.invalidateQueries({ queryKey: ['lottery', 'menu'] });
  }, [openDrawId, queryClient]);
}

/** SPEC §7 game_menu/recent: the member's recent lottery games (members only). */
export function useRecentLotteryGames(username: string | null) {
  const language = useLotteryLanguage();
  return useQuery({
    queryKey: [...lotteryKeys.member(username), 'recent', language],
    queryFn: ({ signal }) =>
      callApi('lotteryRecentGames', { query: { language, device: DEVICE }, signal }),
    enabled: username !== null,
    meta: { private: true },
  });
}

/**
 * The current, next and last draws, with the server clock's offset measured on this answer so
 * the countdown runs on the server's time.
 */
export function useCurrentDraw(gameCode: string | null) {
  return useQuery({
    queryKey: lotteryKeys.draw(gameCode ?? ''),
    queryFn: async ({ signal }) => {
      const requestSentAtMs = Date.now();
      const value = await callApi('lotteryCurrentDraw', {
        query: { gameCode: gameCode as string },
        signal,
      });
      const offsetMs = serverOffsetMs({
        serverTimeMs: value.serverTimeMs,
        requestSentAtMs,
        answerReceivedAtMs: Date.now(),
      });
      return { ...value, offsetMs };
    },
    enabled: gameCode !== null,
  });
}

export function useDrawHistory(gameCode: string, pageNo: number) {
  return useQuery({
    queryKey: [...lotteryKeys.game(gameCode), 'history', pageNo],
    queryFn: ({ signal }) =>
      callApi('lotteryDrawHistory', {
        query: { gameCode, pageNo, pageSize: LOTTERY_HISTORY_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTrend(gameCode: string, enabled: boolean) {
  return useQuery({
    queryKey: [...lotteryKeys.game(gameCode), 'trend'],
    queryFn: ({ signal }) =>
      callApi('lotteryTrend', { query: { gameCode, count: LOTTERY_TREND_DRAW_COUNT }, signal }),
    enabled,
  });
}

export function useMyBets(username: string | null, gameCode: string, pageNo: number) {
  return useQuery({
    queryKey: [...lotteryKeys.member(username), 'bets', gameCode, pageNo],
    queryFn: ({ signal }) =>
      callApi('lotteryMyBets', {
        query: { gameCode, pageNo, pageSize: LOTTERY_MY_BETS_PAGE_SIZE },
        signal,
      }),
    enabled: username !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.list.some((bet) => bet.status === 'open') ? OPEN_BETS_POLL_MS : false,
    meta: { private: true },
  });
}

/**
 * Places a slip. The slip id is made once per confirmed slip and sent again on a retry (and as
 * the Idempotency-Key), so a retry after a lost answer replays the first placing.
 */
export function usePlaceSlip(username: string | null, onPlaced: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'lotteryPlaceSlip'>) =>
      callApi('lotteryPlaceSlip', { body, idempotencyKey: body.slipId }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: lotteryKeys.member(username) });
      onPlaced();
    },
  });
}

export function useCancelBet(username: string | null, onCancelled: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (betId: number) => callApi('lotteryCancelBet', { body: { betId } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: lotteryKeys.member(username) });
      onCancelled();
    },
  });
}
