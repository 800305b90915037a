import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  pageBodyParams,
  pageEchoTotalsShape,
  pageNoTotalsShape,
  pageQueryParams,
  pageTotalsShape,
} from './paging.js';

const limits = { defaultPageSize: 20, maxPageSize: 50, maxPageNo: 1000 };

describe('pageQueryParams', () => {
  const query = z.object(pageQueryParams(limits));

  it('coerces the query strings and applies the defaults', () => {
    expect(query.parse({ pageNo: '3', pageSize: '7' })).toEqual({ pageNo: 3, pageSize: 7 });
    expect(query.parse({})).toEqual({ pageNo: 1, pageSize: 20 });
  });

  it('refuses pages outside the named limits', () => {
    expect(query.safeParse({ pageNo: '0' }).success).toBe(false);
    expect(query.safeParse({ pageNo: '1001' }).success).toBe(false);
    expect(query.safeParse({ pageNo: '1000' }).success).toBe(true);
    expect(query.safeParse({ pageSize: '0' }).success).toBe(false);
    expect(query.safeParse({ pageSize: '51' }).success).toBe(false);
    expect(query.safeParse({ pageSize: '2.5' }).success).toBe(false);
  });

  it('leaves the page number unbounded above when no maximum is named', () => {
    const open = z.object(pageQueryParams({ defaultPageSize: 20, maxPageSize: 100 }));
    expect(open.parse({ pageNo: '123456' }).pageNo).toBe(123456);
    expect(open.safeParse({ pageNo: '0' }).success).toBe(false);
  });
});

describe('pageBodyParams', () => {
  const body = z.object(pageBodyParams(limits));

  it('takes JSON numbers as they are and coerces nothing', () => {
    expect(body.parse({ pageNo: 2 })).toEqual({ pageNo: 2, pageSize: 20 });
    expect(body.safeParse({ pageNo: '2' }).success).toBe(false);
    expect(body.safeParse({ pageNo: 1001 }).success).toBe(false);
  });
});

describe('reply shapes', () => {
  it('declare the totals, and the echoed page where a call answers it', () => {
    expect(Object.keys(pageTotalsShape)).toEqual(['totalCount', 'totalPages']);
    expect(Object.keys(pageNoTotalsShape)).toEqual(['pageNo', 'totalCount', 'totalPages']);
    expect(Object.keys(pageEchoTotalsShape)).toEqual([
      'pageNo',
      'pageSize',
      'totalCount',
      'totalPages',
    ]);
    expect(z.object(pageTotalsShape).safeParse({ totalCount: 1.5, totalPages: 1 }).success).toBe(
      false,
    );
  });
});
