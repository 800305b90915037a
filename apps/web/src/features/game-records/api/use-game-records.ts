import type { GameCategory, GameRoundStatus } from '@app/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Every query of the betting records. */
export const gameRecordsKey = ['game-records'] as const;

export interface BettingRecordFilter {
  /** ISO instants: from inclusive, to exclusive. */
  from: string;
  to: string;
  pageNo: number;
  pageSize: number;
  gameType?: GameCategory | undefined;
  vassalage?: string | undefined;
  status?: GameRoundStatus | undefined;
}

export function useBettingRecords(filter: BettingRecordFilter | null) {
  return useQuery({
    queryKey: [...gameRecordsKey, 'bets', filter],
    queryFn: ({ signal }) =>
      callApi('bettingRecords', { query: filter ?? { pageNo: 1, pageSize: 10 }, signal }),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
    meta: { private: true },
  });
}

export function useGameRecordFilters() {
  return useQuery({
    queryKey: [...gameRecordsKey, 'filters'],
    queryFn: ({ signal }) => callApi('gameRecordFilters', { signal }),
    meta: { private: true },
  });
}

export function usePersonalProfit(filter: { from: string; to: string; timeZone: string } | null) {
  return useQuery({
    queryKey: [...gameRecordsKey, 'profit', filter],
    queryFn: ({ signal }) => callApi('personalProfit', { query: filter ?? {}, signal }),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
    meta: { private: true },
  });
}

/** One round by id, or the member's last round when `roundId` is 'last'. */
export function useGameRound(roundId: string | null) {
  return useQuery({
    queryKey: [...gameRecordsKey, 'round', roundId],
    queryFn: async ({ signal }) =>
      roundId === 'last'
        ? (await callApi('lastGameRound', { signal })).round
        : callApi('gameRound', { query: { roundId: roundId ?? '' }, signal }),
    enabled: roundId !== null,
    meta: { private: true },
  });
}
