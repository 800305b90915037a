import { z } from 'zod';
import { FIRST_PAGE_NO, MIN_PAGE_SIZE } from './page-totals.js';

/**
 * The one paging shape of the API (ARCHITECTURE §5): 1-based `pageNo` and `pageSize` in the
 * request, `totalCount` and `totalPages` in the reply. Each call names its own limits; this file
 * turns them into schemas so that no call writes the paging fields by hand. The reply's values
 * come from `page-totals.ts`, which has no zod so that the browser can use it too.
 */
export interface PageLimits {
  /** The page size when the caller sends none. */
  readonly defaultPageSize: number;
  /** The largest page size a caller may ask for. */
  readonly maxPageSize: number;
  /** The highest page number a caller may ask for; any when absent. */
  readonly maxPageNo?: number;
}

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
