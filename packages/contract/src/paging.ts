import { z } from 'zod';

/**
 * The one paging shape of the API (ARCHITECTURE §5): 1-based `pageNo` and `pageSize` in the
 * request, `totalCount` and `totalPages` in the reply. Each call names its own limits; this file
 * turns them into schemas so that no call writes the paging fields by hand.
 */
export interface PageLimits {
  /** The page size when the caller sends none. */
  readonly defaultPageSize: number;
  /** The largest page size a caller may ask for. */
  readonly maxPageSize: number;
  /** The highest page number a caller may ask for; any when absent. */
  readonly maxPageNo?: number;
}

/** The first page; pages are numbered from 1. */
export const FIRST_PAGE_NO = 1;
/** The smallest page size a caller may ask for. */
export const MIN_PAGE_SIZE = 1;

function pageNoOf<T extends z.ZodNumber | z.ZodCoercedNumber>(base: T, limits: PageLimits) {
  const bounded = base.int().min(FIRST_PAGE_NO);
  return (limits.maxPageNo === undefined ? bounded : bounded.max(limits.maxPageNo)).default(
    FIRST_PAGE_NO,
  );
}

function pageSizeOf<T extends z.ZodNumber | z.ZodCoercedNumber>(base: T, limits: PageLimits) {
  return base.int().min(MIN_PAGE_SIZE).max(limits.maxPageSize).default(limits.defaultPageSize);
}

/** `pageNo` and `pageSize` of a query string: numbers coerced from their text. */
export function pageQueryParams(limits: PageLimits) {
  return {
    pageNo: pageNoOf(z.coerce.number(), limits),
    pageSize: pageSizeOf(z.coerce.number(), limits),
  };
}

/** `pageNo` and `pageSize` of a JSON body: numbers as they are, nothing coerced. */
export function pageBodyParams(limits: PageLimits) {
  return {
    pageNo: pageNoOf(z.number(), limits),
    pageSize: pageSizeOf(z.number(), limits),
  };
}

/** The reply's totals, spread into each paged reply object beside its list. */
export const pageTotalsShape = {
  totalCount: z.number().int(),
  totalPages: z.number().int(),
};

/** The totals and the page number answered, for the calls whose reply echoes `pageNo`. */
export const pageNoTotalsShape = {
  pageNo: z.number().int(),
  ...pageTotalsShape,
};

/** The totals and the page answered, for the calls whose reply echoes `pageNo` and `pageSize`. */
export const pageEchoTotalsShape = {
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  ...pageTotalsShape,
};

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
