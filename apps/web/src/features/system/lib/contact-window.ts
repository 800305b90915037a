import type { SystemStatus } from '@app/contract/client';

/** SPEC §6: customer service opens in a small pop-up window of this size. */
export const CONTACT_WINDOW_WIDTH_PX = 420;
export const CONTACT_WINDOW_HEIGHT_PX = 640;
const CONTACT_WINDOW_NAME = 'customer-service';
/** Where a visitor reaches the operator when the merchant lists no live chat: the bare help centre. */
export const CONTACT_FALLBACK_PATH = '/helpmc';

/** A chat address the site may open: http(s) or one of its own paths. */
function openableAddress(path: string): string | null {
  if (/^https?:\/\//i.test(path)) return path;
  if (path.startsWith('/') && !path.startsWith('//')) return path;
  return null;
}

/**
 * The address of "contact us" for a visitor without a session (maintenance, region block):
 * the merchant's live chat (VIP service needs a logged-in club member), else the help centre.
 */
export function contactAddress(entries: SystemStatus['customerService']): string {
  for (const entry of entries) {
    if (entry.csType !== 'LIVECHAT') continue;
    const address = openableAddress(entry.path);
    if (address) return address;
  }
  return CONTACT_FALLBACK_PATH;
}

/** Opens customer service in a small pop-up window (SPEC §6), cut off from this page. */
export function openContactWindow(entries: SystemStatus['customerService']): void {
  window.open(
    contactAddress(entries),
    CONTACT_WINDOW_NAME,
    `popup,width=${CONTACT_WINDOW_WIDTH_PX},height=${CONTACT_WINDOW_HEIGHT_PX},noopener`,
  );
}
