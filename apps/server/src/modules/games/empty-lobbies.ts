import { bannerGroupByPath, categoryPaths, type VendorCategory } from '@app/contract';

/**
 * The banner groups of the lobbies a merchant's menus leave empty (SPEC §2: a category appears
 * only with a vendor, so its banners should not advertise it either). ELOTT and LOTT share
 * /elott: the page is empty only when both are.
 */
export function emptyLobbyGroups(menus: readonly VendorCategory[]): ReadonlySet<string> {
  const filled = new Set(
    menus.filter((menu) => menu.cards.length > 0).map((menu) => categoryPaths[menu.gameCategory]),
  );
  const groups = new Set<string>();
  for (const path of Object.values(categoryPaths)) {
    const group = bannerGroupByPath[path];
    if (group && !filled.has(path)) groups.add(group);
  }
  return groups;
}
