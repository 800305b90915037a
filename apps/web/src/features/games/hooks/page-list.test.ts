import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canGoNext, canGoPrevious, pageList } from './page-list';

describe('pageList (range 3, margin 1)', () => {
  it('lists every page when there are few', () => {
    expect(pageList(1, 0)).toEqual([]);
    expect(pageList(1, 1)).toEqual([1]);
    expect(pageList(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the ends and three pages around the current one, with gaps', () => {
    expect(pageList(1, 10)).toEqual([1, 2, 3, 'gap', 10]);
    expect(pageList(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageList(10, 10)).toEqual([1, 'gap', 8, 9, 10]);
    // A gap of one page shows that page instead.
    expect(pageList(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
  });

  it('clamps a current page outside 1..total', () => {
    expect(pageList(0, 10)).toEqual(pageList(1, 10));
    expect(pageList(99, 10)).toEqual(pageList(10, 10));
  });

  it('always holds the first, last and current pages, ascending, no gap at the ends', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 600 }),
        (total, raw) => {
          const current = Math.min(raw, total);
          const items = pageList(current, total);
          const pages = items.filter((item): item is number => item !== 'gap');
          expect(pages).toContain(1);
          expect(pages).toContain(total);
          expect(pages).toContain(current);
          expect([...pages].sort((a, b) => a - b)).toEqual(pages);
          expect(new Set(pages).size).toBe(pages.length);
          expect(items[0]).not.toBe('gap');
          expect(items.at(-1)).not.toBe('gap');
          // Buttons stay few: 2 margins + range + 2 gaps (+ up to 2 filled gaps).
          expect(items.length).toBeLessThanOrEqual(9);
        },
      ),
    );
  });

  it('blocks previous on the first page and next on the last', () => {
    expect(canGoPrevious(1)).toBe(false);
    expect(canGoPrevious(2)).toBe(true);
    expect(canGoNext(5, 5)).toBe(false);
    expect(canGoNext(4, 5)).toBe(true);
    expect(canGoNext(1, 0)).toBe(false);
  });
});
