import type { RouteBody } from '@app/contract/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session-token';

export const missionSummaryKey = ['missions', 'summary'] as const;
/**
 * Progress is pushed over the realtime socket (topic `member.missions`) when the event stream
 * changes it, and a claim refetches at once; this slow poll only covers a socket that is down.
 */
export const MISSION_SUMMARY_REFRESH_MS = 5 * 60_000;

/** Refetches the summary on each missions push while `token` (a signed-in member) is present. */
function useMissionsPush(token: string | null, enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || !token) return;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: missionSummaryKey });
    const started = import('../realtime/missions-push').then(
      (chunk) => chunk.startMissionsPush(token, refetch),
      () => undefined,
    );
    return () => void started.then((stop) => stop?.());
  }, [token, enabled, queryClient]);
}

/** The member's missions with progress and the claimable count (the menu badge). */
export function useMissionSummary(enabled = true) {
  useMissionsPush(useSessionToken(), enabled);
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
