import type { RouteBody } from '@app/contract/client';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const missionSummaryKey = ['missions', 'summary'] as const;
/**
 * The badge and the page refetch this often while open: progress comes from the event stream
 * (half a second behind play), and a claim refetches at once.
 */
export const MISSION_SUMMARY_REFRESH_MS = 30_000;

/** The member's missions with progress and the claimable count (the menu badge). */
export function useMissionSummary(enabled = true) {
  return useQuery({
    queryKey: missionSummaryKey,
    queryFn: ({ signal }) => callApi('missionSummary', { signal }),
    refetchInterval: MISSION_SUMMARY_REFRESH_MS,
    enabled,
    meta: { private: true },
  });
}

export function useMissionBoard(period: 'daily' | 'weekly') {
  return useQuery({
    queryKey: ['missions', 'board', period],
    queryFn: ({ signal }) => callApi('missionLeaderboard', { query: { period }, signal }),
    meta: { private: true },
  });
}

/** Claims one mission's reward; a repeat answers the same claim (nothing is paid twice). */
export function claimMission(body: RouteBody<'claimMission'>) {
  return callApi('claimMission', { body });
}
