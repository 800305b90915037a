import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CallDefinition } from './call.js';
import {
  adminLotteryDrawsCall,
  announcementsCall,
  bettingRecordsCall,
  bonusDetailsCall,
  builtinHistoryCall,
  favouriteGamesCall,
  gameListCall,
  lotteryDrawHistoryCall,
  lotteryMyBetsCall,
  recentGamesCall,
  transactionsCall,
} from './index.js';

/**
 * The wire shape of every paged call, written out as the API answered before the calls shared
 * the paging helper: a change to a default, a maximum or an echoed field shows up here.
 */
const pagedCalls: {
  name: string;
  call: CallDefinition;
  input: 'query' | 'body';
  pageSize: { default: number; maximum: number };
  pageNoMaximum?: number;
  echoed: readonly string[];
}[] = [
  {
    name: 'admin lottery draws',
    call: adminLotteryDrawsCall,
    input: 'query',
    pageSize: { default: 20, maximum: 100 },
    echoed: ['pageNo'],
  },
  {
    name: 'announcements',
    call: announcementsCall,
    input: 'query',
    pageSize: { default: 9, maximum: 50 },
    pageNoMaximum: 10_000,
    echoed: [],
  },
  {
    name: 'betting record',
    call: bettingRecordsCall,
    input: 'query',
    pageSize: { default: 10, maximum: 50 },
    pageNoMaximum: 10_000,
    echoed: ['pageNo', 'pageSize'],
  },
  {
    name: 'account record',
    call: transactionsCall,
    input: 'query',
    pageSize: { default: 10, maximum: 50 },
    pageNoMaximum: 10_000,
    echoed: ['pageNo', 'pageSize'],
  },
  {
    name: 'bonus details',
    call: bonusDetailsCall,
    input: 'query',
    pageSize: { default: 10, maximum: 50 },
    pageNoMaximum: 10_000,
    echoed: ['pageNo', 'pageSize'],
  },
  {
    name: 'built-in game history',
    call: builtinHistoryCall,
    input: 'body',
    pageSize: { default: 10, maximum: 50 },
    pageNoMaximum: 1000,
    echoed: ['pageNo', 'pageSize'],
  },
  {
    name: 'game list',
    call: gameListCall,
    input: 'query',
    pageSize: { default: 42, maximum: 100 },
    pageNoMaximum: 10_000,
    echoed: ['pageNo'],
  },
  {
    name: 'favourite games',
    call: favouriteGamesCall,
    input: 'query',
    pageSize: { default: 42, maximum: 100 },
    pageNoMaximum: 10_000,
    echoed: [],
  },
  {
    name: 'recent games',
    call: recentGamesCall,
    input: 'query',
    pageSize: { default: 20, maximum: 100 },
    pageNoMaximum: 10_000,
    echoed: [],
  },
  {
    name: 'lottery draw history',
    call: lotteryDrawHistoryCall,
    input: 'query',
    pageSize: { default: 20, maximum: 100 },
    pageNoMaximum: 10_000,
    echoed: ['pageNo'],
  },
  {
    name: 'lottery my bets',
    call: lotteryMyBetsCall,
    input: 'query',
    pageSize: { default: 20, maximum: 100 },
    pageNoMaximum: 10_000,
    echoed: ['pageNo'],
  },
];

type JsonObject = { properties: Record<string, Record<string, unknown>>; required?: string[] };

function jsonOf(schema: z.ZodType | undefined, io: 'input' | 'output'): JsonObject {
  if (!schema) throw new Error('the call has no such schema');
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as unknown as JsonObject;
}

describe.each(pagedCalls)('the paged call $name', (paged) => {
  it('keeps its page parameters, limits and defaults', () => {
    const input = jsonOf(paged.call[paged.input], 'input');
    expect(input.properties.pageNo).toMatchObject({ minimum: 1, default: 1 });
    // Without a named maximum, an integer's own bound is what the schema declares.
    expect(input.properties.pageNo?.maximum).toBe(paged.pageNoMaximum ?? Number.MAX_SAFE_INTEGER);
    expect(input.properties.pageSize).toMatchObject({
      minimum: 1,
      maximum: paged.pageSize.maximum,
      default: paged.pageSize.default,
    });
  });

  it('answers its totals as integers, and echoes only what it echoed before', () => {
    const value = jsonOf(paged.call.value, 'output');
    for (const field of ['totalCount', 'totalPages', ...paged.echoed]) {
      expect(value.properties[field]).toMatchObject({ type: 'integer' });
      expect(value.required).toContain(field);
    }
    for (const field of ['pageNo', 'pageSize'].filter((name) => !paged.echoed.includes(name))) {
      expect(value.properties[field]).toBeUndefined();
    }
  });
});
