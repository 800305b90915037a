import { describe, expect, it } from 'vitest';
import { pageReply, pageTotals, totalPagesOf } from './page-totals.js';

describe('totalPagesOf', () => {
  it('answers 0 pages for 0 rows and rounds a partial page up', () => {
    expect(totalPagesOf(0, 20)).toBe(0);
    expect(totalPagesOf(1, 20)).toBe(1);
    expect(totalPagesOf(20, 20)).toBe(1);
    expect(totalPagesOf(21, 20)).toBe(2);
  });

  it('refuses a page size that is not a positive integer', () => {
    expect(() => totalPagesOf(5, 0)).toThrow(RangeError);
    expect(() => totalPagesOf(5, 2.5)).toThrow(RangeError);
  });
});

describe('pageReply', () => {
  it('builds the list with its totals', () => {
    expect(pageTotals(41, 20)).toEqual({ totalCount: 41, totalPages: 3 });
    expect(pageReply(['a'], 41, 20)).toEqual({ list: ['a'], totalCount: 41, totalPages: 3 });
    expect(pageReply([], 0, 20)).toEqual({ list: [], totalCount: 0, totalPages: 0 });
  });
});
