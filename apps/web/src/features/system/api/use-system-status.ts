import type { SystemStatus } from '@app/contract/client';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { localKeys, readLocal, writeLocal } from '../../../lib/storage';

/** Status and switches change rarely: a render reuses the last answer for this long. */
const STATUS_STALE_MS = 5 * 60 * 1000;
/**
 * SPEC §7 status is polled: maintenance or a region block replaces the open site within this
 * long (and the site comes back as soon as maintenance ends). Paused while the tab is hidden.
 */
export const STATUS_POLL_INTERVAL_MS = 60_000;

export const systemStatusKey = ['system', 'status'] as const;

/** The server picked the merchant by host; later calls name it with the Merchant header. */
export function adoptSystemStatus(status: SystemStatus): SystemStatus {
  if (readLocal(localKeys.merchantCode) !== status.merchant.code) {
    writeLocal(localKeys.merchantCode, status.merchant.code);
  }
  return status;
}

async function fetchSystemStatus(): Promise<SystemStatus> {
  return adoptSystemStatus(await callApi('systemStatus', { query: { url: window.location.host } }));
}

export function useSystemStatus() {
  return useQuery({
    queryKey: systemStatusKey,
    queryFn: fetchSystemStatus,
    staleTime: STATUS_STALE_MS,
    refetchInterval: STATUS_POLL_INTERVAL_MS,
  });
}
