import { z } from 'zod';

/**
 * The keyset (cursor) paging shape, for lists that can grow large (issue 14): the caller sends
 * the previous reply's `nextCursor` and gets the rows after it, whatever was inserted since, in
 * time that does not grow with the depth. The offset shape (`paging.ts`) stays for the player
 * site's calls whose `pageNo`/`pageSize` fields SPEC.md fixes.
 */

/** Rows of one page when the caller asks for no size. */
export const CURSOR_PAGE_LIMIT_DEFAULT = 20;
/** The most rows one page may hold: a screen's worth, never a bulk export. */
export const CURSOR_PAGE_LIMIT_MAX = 100;
/** The longest cursor accepted: a few key values in base64url, far below this. */
export const CURSOR_MAX_LENGTH = 512;

/** A cursor as it travels: opaque base64url text written by the server. */
export const cursorSchema = z
  .string()
  .min(1)
  .max(CURSOR_MAX_LENGTH)
  .regex(/^[A-Za-z0-9_-]+$/);

/** `cursor` and `limit` of a query string; extend it with the list's own filters. */
export const cursorPageQuery = z.object({
  /** The previous page's `nextCursor`; absent for the first page. */
  cursor: cursorSchema.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CURSOR_PAGE_LIMIT_MAX)
    .default(CURSOR_PAGE_LIMIT_DEFAULT),
});
export type CursorPageQuery = z.infer<typeof cursorPageQuery>;

/** A page of `item`: its rows and the cursor of the next page, null on the last one. */
export function cursorPageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}
