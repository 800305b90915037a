import { describe, expect, it } from 'vitest';
import { rollUp, utcDayOf } from './aggregate.js';

const round = (memberId: string, settledAt: string, stakeMinor: string, winMinor: string) => ({
  memberId,
  merchantCode: 'm',
  vassalage: 'INH',
  gameCode: 'dice',
  gameCategory: 'INHOUSE' as const,
  roundRef: `${memberId}-${settledAt}`,
  currency: 'VND',
  stakeMinor,
  validBetMinor: stakeMinor,
  winMinor,
  settledAt,
});

describe('rollUp', () => {
  it('counts a round on the UTC day of its settlement, whatever offset it was written with', () => {
    expect(utcDayOf('2026-11-26T23:59:59.999Z')).toBe('2026-11-26');
    expect(utcDayOf('2026-11-27T06:30:00+07:00')).toBe('2026-11-26');
  });

  it('sums rounds per party, day and category into one cell each, skipping rounds with no party', () => {
    const cells = rollUp(
      [
        round('1', '2026-11-26T01:00:00.000Z', '100', '0'),
        round('1', '2026-11-26T02:00:00.000Z', '9007199254740993', '250'),
        round('1', '2026-11-27T00:00:00.000Z', '5', '5'),
        round('2', '2026-11-26T01:00:00.000Z', '7', '0'),
      ],
      (r) => (r.memberId === '2' ? null : BigInt(r.memberId)),
    );
    expect(cells).toEqual([
      expect.objectContaining({
        partyId: 1n,
        day: '2026-11-26',
        rounds: 2n,
        stakeMinor: 9007199254741093n,
        validBetMinor: 9007199254741093n,
        winMinor: 250n,
      }),
      expect.objectContaining({ partyId: 1n, day: '2026-11-27', rounds: 1n, stakeMinor: 5n }),
    ]);
  });
});
