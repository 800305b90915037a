import type { SystemStatus } from '@app/contract/client';
import type { QueryClient } from '@tanstack/react-query';
import { adoptSystemStatus, systemStatusKey } from '../features/system/api/use-system-status';

/**
 * The JSON block the server writes into the page with WEB_BOOT_DATA or WEB_SSR
 * (apps/server/src/http/web-boot-data.ts, web-ssr.ts).
 */
const BOOT_DATA_ELEMENT_ID = 'boot-data';

interface BootData {
  status?: SystemStatus;
  /**
   * Queries with their data as `[queryKey, data]`: the home banners (WEB_BOOT_DATA), every
   * query of the painted first screen (WEB_SSR, so that hydration matches).
   */
  queries?: [readonly unknown[], unknown][];
}

function readBootData(): BootData | null {
  const element = document.getElementById(BOOT_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as BootData;
  } catch {
    return null;
  }
}

/**
 * Puts the first screen's data that came with the HTML into the query cache, under the keys
 * the queries use, so that the first render shows it without waiting for a call. Keys carry
 * the language where the data has one: data in another language than the visitor's is not used.
 */
export function seedBootData(queryClient: QueryClient): void {
  const data = readBootData();
  for (const [key, value] of data?.queries ?? []) queryClient.setQueryData(key, value);
  if (data?.status) queryClient.setQueryData(systemStatusKey, adoptSystemStatus(data.status));
}
