import { describe, expect, it } from 'vitest';
import { boardRangeOf, dayBefore, periodEndOf, periodKeyOf } from './periods.js';

describe('mission periods', () => {
  it('rolls days at UTC midnight and weeks on Monday 00:00 UTC', () => {
    const sundayLate = new Date('2026-11-29T23:59:59.999Z');
    const mondayStart = new Date('2026-11-30T00:00:00.000Z');
    expect(periodKeyOf('daily', sundayLate)).toBe('D2026-11-29');
    expect(periodKeyOf('daily', mondayStart)).toBe('D2026-11-30');
    expect(periodKeyOf('weekly', sundayLate)).toBe('W2026-11-23');
    expect(periodKeyOf('weekly', mondayStart)).toBe('W2026-11-30');
    expect(periodKeyOf('once', sundayLate)).toBe('once');
    // An instant written with an offset counts on its UTC day.
    expect(periodKeyOf('daily', new Date('2026-11-27T06:30:00+07:00'))).toBe('D2026-11-26');
  });

  it('says when a period ends and which range a board covers', () => {
    const thursday = new Date('2026-11-26T15:00:00.000Z');
    expect(periodEndOf('daily', thursday)?.toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(periodEndOf('weekly', thursday)?.toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(periodEndOf('once', thursday)).toBeNull();
    expect(boardRangeOf('weekly', thursday).from.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
  });
});
