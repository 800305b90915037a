import type { SystemStatus } from '@app/contract/client';
import type { QueryClient } from '@tanstack/react-query';
import { adoptSystemStatus, systemStatusKey } from '../features/system/api/use-system-status';
import { currentLanguageCode } from '../lib/i18n';

/** The JSON block the server writes into `/` with WEB_BOOT_DATA (apps/server/src/http/web-boot-data.ts). */
const BOOT_DATA_ELEMENT_ID = 'boot-data';

interface BootData {
  status?: SystemStatus;
  banners?: { groupName: string; lang: string; value: unknown };
  /** WEB_SSR: every query of the painted first screen with its data, so that hydration matches. */
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
 * the status and banner queries use, so that the first render shows the banner without waiting
 * for a call. Banners in another language than the visitor's are left out (fetched as before).
 */
export function seedBootData(queryClient: QueryClient): void {
  const data = readBootData();
  if (!data) return;
  for (const [key, value] of data.queries ?? []) queryClient.setQueryData(key, value);
  if (data.status) queryClient.setQueryData(systemStatusKey, adoptSystemStatus(data.status));
  const banners = data.banners;
  if (banners && banners.lang === currentLanguageCode()) {
    queryClient.setQueryData(
      ['content', 'banners', banners.groupName, banners.lang],
      banners.value,
    );
  }
}
