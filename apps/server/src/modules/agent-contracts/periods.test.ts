import { describe, expect, it } from 'vitest';
import { duePeriods, periodEndOf, periodStartOf } from './periods.js';

const at = (iso: string) => new Date(iso);

describe('settlement periods (UTC)', () => {
  it('cuts weeks on Monday and half months on the 16th', () => {
    expect(periodStartOf('weekly', at('2026-11-26T13:00:00Z')).toISOString()).toBe(
      '2026-11-23T00:00:00.000Z',
    );
    expect(periodStartOf('weekly', at('2026-11-29T23:59:00Z')).toISOString()).toBe(
      '2026-11-23T00:00:00.000Z',
    );
    const second = periodStartOf('semimonthly', at('2026-02-20T10:00:00Z'));
    expect(second.toISOString()).toBe('2026-02-16T00:00:00.000Z');
    expect(periodEndOf('semimonthly', second).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(periodEndOf('semimonthly', at('2026-02-01T00:00:00Z')).toISOString()).toBe(
      '2026-02-16T00:00:00.000Z',
    );
    expect(periodEndOf('monthly', at('2026-12-01T00:00:00Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
    expect(periodStartOf('realtime', at('2026-11-26T13:07:59Z')).toISOString()).toBe(
      '2026-11-26T13:05:00.000Z',
    );
  });

  it('owes only ended periods that began before the contract ended, oldest first, bounded', () => {
    const due = duePeriods({
      unit: 'daily',
      firstStart: at('2026-11-20T15:00:00Z'),
      horizon: at('2026-11-24T01:00:00Z'),
      endedAt: at('2026-11-22T08:00:00Z'),
      limit: 10,
    });
    expect(due.map((period) => period.start.toISOString().slice(0, 10))).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(
      duePeriods({
        unit: 'hourly',
        firstStart: at('2026-11-20T00:00:00Z'),
        horizon: at('2026-11-21T00:00:00Z'),
        endedAt: null,
        limit: 5,
      }),
    ).toHaveLength(5);
  });
});
