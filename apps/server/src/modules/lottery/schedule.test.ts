import { describe, expect, it } from 'vitest';
import { DRAWS_PER_PASS_MAX, planDraws, zonedTimeToUtc } from './schedule.js';

const at = (iso: string) => new Date(iso);

describe('planning interval draws', () => {
  it('aligns draws on the interval, opens each when the one before closes, numbers them per day', () => {
    const planned = planDraws({
      schedule: { kind: 'interval', intervalSeconds: 60 },
      closeOffsetSeconds: 5,
      latestDrawAt: null,
      now: at('2026-11-22T10:00:30Z'),
    });
    expect(planned[0]).toEqual({
      drawNo: '20261122-0601',
      opensAt: at('2026-11-22T09:59:55Z'),
      closesAt: at('2026-11-22T10:00:55Z'),
      drawAt: at('2026-11-22T10:01:00Z'),
    });
    // Ten minutes ahead, back to back.
    expect(planned).toHaveLength(10);
    for (let i = 1; i < planned.length; i += 1) {
      expect(planned[i]?.opensAt).toEqual(planned[i - 1]?.closesAt);
    }
  });

  it('numbers the midnight draw as the last of the day before', () => {
    const [first] = planDraws({
      schedule: { kind: 'interval', intervalSeconds: 300 },
      closeOffsetSeconds: 15,
      latestDrawAt: null,
      now: at('2026-11-22T23:58:00Z'),
    });
    expect(first).toMatchObject({ drawNo: '20261122-0288', drawAt: at('2026-11-23T00:00:00Z') });
  });

  it('continues after the latest draw and plans nothing once far enough ahead', () => {
    const now = at('2026-11-22T10:00:30Z');
    const next = planDraws({
      schedule: { kind: 'interval', intervalSeconds: 60 },
      closeOffsetSeconds: 5,
      latestDrawAt: at('2026-11-22T10:05:00Z'),
      now,
    });
    expect(next[0]?.drawAt).toEqual(at('2026-11-22T10:06:00Z'));
    expect(
      planDraws({
        schedule: { kind: 'interval', intervalSeconds: 60 },
        closeOffsetSeconds: 5,
        latestDrawAt: at('2026-11-22T10:20:00Z'),
        now,
      }),
    ).toEqual([]);
  });

  it('does not back-fill a long downtime beyond one pass', () => {
    const planned = planDraws({
      schedule: { kind: 'interval', intervalSeconds: 60 },
      closeOffsetSeconds: 5,
      latestDrawAt: at('2026-11-20T10:00:00Z'),
      now: at('2026-11-22T10:00:30Z'),
    });
    expect(planned[0]?.drawAt).toEqual(at('2026-11-22T10:01:00Z'));
    expect(planned.length).toBeLessThanOrEqual(DRAWS_PER_PASS_MAX);
  });
});

describe('planning daily draws', () => {
  it('draws at the local time of the zone, closing the offset before', () => {
    const planned = planDraws({
      schedule: { kind: 'daily', time: '18:15', timeZone: 'Asia/Ho_Chi_Minh' },
      closeOffsetSeconds: 900,
      latestDrawAt: null,
      now: at('2026-11-22T12:00:00Z'),
    });
    expect(planned.map((draw) => [draw.drawNo, draw.drawAt.toISOString()])).toEqual([
      ['20261123', '2026-11-23T11:15:00.000Z'],
      ['20261124', '2026-11-24T11:15:00.000Z'],
    ]);
    expect(planned[0]?.opensAt).toEqual(at('2026-11-22T12:00:00Z'));
    expect(planned[0]?.closesAt).toEqual(at('2026-11-23T11:00:00Z'));
    expect(planned[1]?.opensAt).toEqual(planned[0]?.drawAt);
  });

  it('plans the same two occurrences again, however many already exist', () => {
    const again = planDraws({
      schedule: { kind: 'daily', time: '18:15', timeZone: 'Asia/Ho_Chi_Minh' },
      closeOffsetSeconds: 900,
      latestDrawAt: at('2026-11-24T11:15:00Z'),
      now: at('2026-11-22T12:00:00Z'),
    });
    expect(again.map((draw) => draw.drawNo)).toEqual(['20261123', '20261124']);
  });

  it('keeps only the listed days of the month', () => {
    const planned = planDraws({
      schedule: { kind: 'daily', time: '15:30', timeZone: 'Asia/Bangkok', daysOfMonth: [1, 16] },
      closeOffsetSeconds: 1800,
      latestDrawAt: null,
      now: at('2026-11-22T00:00:00Z'),
    });
    expect(planned.map((draw) => draw.drawAt.toISOString())).toEqual([
      '2026-12-01T08:30:00.000Z',
      '2026-12-16T08:30:00.000Z',
    ]);
  });

  it('converts wall times across summer time', () => {
    expect(
      zonedTimeToUtc({ year: 2026, month: 7, day: 1, hour: 12, minute: 0 }, 'Europe/London'),
    ).toEqual(at('2026-07-01T11:00:00Z'));
    expect(
      zonedTimeToUtc({ year: 2026, month: 12, day: 1, hour: 12, minute: 0 }, 'Europe/London'),
    ).toEqual(at('2026-12-01T12:00:00Z'));
  });
});
