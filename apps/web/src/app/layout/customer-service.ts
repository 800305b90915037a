import { CHAT_HEADER_COLOR, type SystemStatus, VIP_RANK_THRESHOLD } from '@app/contract/client';
import { fetchChatUrl } from '../../features/system/api/chat-url-api';

export type CustomerServiceEntry = SystemStatus['customerService'][number];

/** SPEC §6: online customer service opens in a small pop-up window of this size. */
export const CUSTOMER_SERVICE_WINDOW = { width: 420, height: 640 } as const;
const WINDOW_NAME = 'customer-service';

/** SPEC §4: VIP service for club rank above 4 (when the merchant has one), else live chat. */
export function customerServiceFor(
  entries: readonly CustomerServiceEntry[] | undefined,
  rankLevel: number | undefined,
): CustomerServiceEntry | undefined {
  if (!entries) return undefined;
  const vip = entries.find((entry) => entry.csType === 'VIP');
  if (vip && (rankLevel ?? 0) > VIP_RANK_THRESHOLD) return vip;
  return entries.find((entry) => entry.csType === 'LIVECHAT');
}

/**
 * Opens the pop-up first (still inside the click, so it is not blocked), then asks the server
 * for the chat address; a failed call closes the pop-up again (SPEC §8). Resolves whether the
 * chat opened.
 */
export async function openCustomerService(
  entry: CustomerServiceEntry,
  language: string,
): Promise<boolean> {
  const { width, height } = CUSTOMER_SERVICE_WINDOW;
  const left = Math.max(0, window.screenX + window.outerWidth - width - 24);
  const top = Math.max(0, window.screenY + 80);
  const popup = window.open(
    'about:blank',
    WINDOW_NAME,
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
  if (!popup) return false;
  try {
    const { chatUrl } = await fetchChatUrl({
      csType: entry.csType,
      b2c: '1',
      title: entry.title,
      language,
      headerColor: CHAT_HEADER_COLOR,
    });
    // The chat page gets no handle on this site.
    popup.opener = null;
    popup.location.href = new URL(chatUrl, window.location.origin).toString();
    return true;
  } catch {
    popup.close();
    return false;
  }
}
