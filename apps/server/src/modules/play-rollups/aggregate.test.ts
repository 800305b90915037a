import { describe, expect, it } from 'vitest';
import { rollUp, utcHourOf } from './aggregate.js';

const round = (memberId: string, startedAt: string, stakeMinor: string, winMinor: string) => ({
  memberId,
  merchantCode: 'm',
  vassalage: 'INH',
  gameCode: 'dice',
  gameCategory: 'INHOUSE' as const,
  roundRef: startedAt,
  currency: 'VND',
  stakeMinor,
  validBetMinor: stakeMinor,
  winMinor,
  // Settled a day later: the rollups key rounds by their start, as the records do.
  settledAt: new Date(new Date(startedAt).getTime() + 86_400_000).toISOString(),
});

const startOf = (r: { roundRef: string }) => new Date(r.roundRef);

describe('rollUp', () => {
  it('counts a round in the UTC hour of its start, whatever offset it was written with', () => {
    expect(utcHourOf(new Date('2026-11-26T23:59:59.999Z'))).toEqual({
      day: '2026-11-26',
      hour: 23,
    });
    expect(utcHourOf(new Date('2026-11-27T06:30:00+07:00'))).toEqual({
      day: '2026-11-26',
      hour: 23,
    });
  });

  it('sums rounds per party, start hour and category into one cell each, skipping rounds with no party', () => {
    const cells = rollUp(
      [
        round('1', '2026-11-26T01:00:00.000Z', '100', '0'),
        round('1', '2026-11-26T01:59:59.999Z', '9007199254740993', '250'),
        round('1', '2026-11-26T02:00:00.000Z', '5', '5'),
        round('2', '2026-11-26T01:00:00.000Z', '7', '0'),
      ],
      (r) => (r.memberId === '2' ? null : BigInt(r.memberId)),
      startOf,
    );
    expect(cells).toEqual([
      expect.objectContaining({
        partyId: 1n,
        day: '2026-11-26',
        hour: 1,
        rounds: 2n,
        stakeMinor: 9007199254741093n,
        validBetMinor: 9007199254741093n,
        winMinor: 250n,
      }),
      expect.objectContaining({
        partyId: 1n,
        day: '2026-11-26',
        hour: 2,
        rounds: 1n,
        stakeMinor: 5n,
      }),
    ]);
  });
});
