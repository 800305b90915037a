import type { SystemStatus } from '@app/contract/client';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { localKeys, readLocal, writeLocal } from '../../../lib/storage';

/** Status and switches change rarely: one load per visit, refreshed after this long. */
const STATUS_STALE_MS = 5 * 60 * 1000;

export const systemStatusKey = ['system', 'status'] as const;

async function fetchSystemStatus(): Promise<SystemStatus> {
  const status = await callApi('systemStatus', {
    query: { url: window.location.host },
  });
  // The server picked the merchant by host; later calls name it with the Merchant header.
  if (readLocal(localKeys.merchantCode) !== status.merchant.code) {
    writeLocal(localKeys.merchantCode, status.merchant.code);
  }
  return status;
}

export function useSystemStatus() {
  return useQuery({
    queryKey: systemStatusKey,
    queryFn: fetchSystemStatus,
    staleTime: STATUS_STALE_MS,
  });
}
