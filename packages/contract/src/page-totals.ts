/**
 * The values of the paging shape (`paging.ts`): pure and free of zod, so that the server and the
 * browser count pages the same way.
 */

/** The first page; pages are numbered from 1. */
export const FIRST_PAGE_NO = 1;
/** The smallest page size a caller may ask for. */
export const MIN_PAGE_SIZE = 1;

/** How many 1-based pages `totalCount` rows fill: 0 when there are none. */
export function totalPagesOf(totalCount: number, pageSize: number): number {
  // A page size of 0 would answer Infinity, which JSON writes as null: a caller's bug, not a page.
  if (!Number.isInteger(pageSize) || pageSize < MIN_PAGE_SIZE) {
    throw new RangeError(`page size must be a positive integer, got ${pageSize}`);
  }
  return Math.ceil(totalCount / pageSize);
}

export interface PageTotals {
  totalCount: number;
  totalPages: number;
}

/** The values of `pageTotalsShape` for `totalCount` rows in pages of `pageSize`. */
export function pageTotals(totalCount: number, pageSize: number): PageTotals {
  return { totalCount, totalPages: totalPagesOf(totalCount, pageSize) };
}

/** A reply whose list key is `list` and that echoes nothing of the request. */
export function pageReply<T>(
  list: T[],
  totalCount: number,
  pageSize: number,
): { list: T[] } & PageTotals {
  return { list, ...pageTotals(totalCount, pageSize) };
}
