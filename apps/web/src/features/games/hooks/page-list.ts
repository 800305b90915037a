import { PAGINATION_MARGIN, PAGINATION_RANGE } from '@app/contract/client';

/** A page number to show, or a gap (…) between runs of pages. */
export type PageItem = number | 'gap';

/**
 * The page buttons of a 1-based pager (SPEC §9: range 3, margin 1): `margin` pages at each end,
 * `range` pages centred on the current one (shifted inwards near the ends so the run keeps its
 * length), and a gap wherever pages are left out. A gap never stands for a single page: that
 * page is shown instead, since a button is no wider than the ellipsis.
 */
export function pageList(
  current: number,
  total: number,
  range: number = PAGINATION_RANGE,
  margin: number = PAGINATION_MARGIN,
): PageItem[] {
  if (total < 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current)), total);
  let start = page - Math.floor((range - 1) / 2);
  let end = start + range - 1;
  if (start < 1) {
    end += 1 - start;
    start = 1;
  }
  if (end > total) {
    start = Math.max(1, start - (end - total));
    end = total;
  }
  const shown = new Set<number>();
  for (let n = 1; n <= Math.min(margin, total); n++) shown.add(n);
  for (let n = Math.max(1, total - margin + 1); n <= total; n++) shown.add(n);
  for (let n = start; n <= end; n++) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const n of sorted) {
    if (n - previous === 2) items.push(n - 1);
    else if (n - previous > 2) items.push('gap');
    items.push(n);
    previous = n;
  }
  return items;
}

/** Previous and next are blocked at the ends (SPEC §4). */
export function canGoPrevious(current: number): boolean {
  return current > 1;
}

export function canGoNext(current: number, total: number): boolean {
  return current < total;
}
