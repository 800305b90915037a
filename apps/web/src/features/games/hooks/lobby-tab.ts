import type { VendorCategory } from '@app/contract/client';

/** The lobby's tabs: every vendor together, one vendor, or the member's own lists. */
export const ALL_TAB = 'all';
export const FAVOURITES_TAB = 'favourites';
export const RECENT_TAB = 'recent';

export function hasVendor(menu: VendorCategory, vassalage: string | null): vassalage is string {
  return vassalage !== null && menu.cards.some((card) => card.vassalage === vassalage);
}

/**
 * The tab a lobby opens on: the `page` query (SPEC §2 on /rng; the left bar's vendor entries use
 * it on every lobby), else, on /rng, the vendor of the last slot game launched (session
 * `gameVendor`), else every vendor. A vendor the category does not have is ignored.
 */
export function initialLobbyTab(
  menu: VendorCategory,
  pageQuery: string | null,
  storedVendor: string | null,
): string {
  if (hasVendor(menu, pageQuery)) return pageQuery;
  if (menu.gameCategory === 'RNG' && hasVendor(menu, storedVendor)) return storedVendor;
  return ALL_TAB;
}
