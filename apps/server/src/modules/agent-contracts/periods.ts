import type { AgentContractKind, DividendPeriod } from '@app/contract';

/** How often a contract settles; every period is a span of UTC time [start, end). */
export type PeriodUnit = 'realtime' | 'hourly' | 'daily' | 'weekly' | 'semimonthly' | 'monthly';

/** A real-time salary window (SPEC §9: settled every 5 minutes). */
export const REALTIME_WINDOW_MS = 5 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** The 16th opens the second half of a month. */
const SECOND_HALF_FIRST_DAY = 16;

export function periodUnitOf(kind: AgentContractKind, dividendPeriod?: DividendPeriod): PeriodUnit {
  if (kind === 'realtime') return 'realtime';
  if (kind === 'hourly') return 'hourly';
  if (kind === 'daily') return 'daily';
  // Commission settles by the week, as the dividend's Weekly period: Monday 00:00 UTC.
  if (kind === 'commission') return 'weekly';
  const byName: Record<DividendPeriod, PeriodUnit> = {
    Daily: 'daily',
    Weekly: 'weekly',
    Semimonthly: 'semimonthly',
    Monthly: 'monthly',
  };
  return byName[dividendPeriod ?? 'Daily'];
}

const floorTo = (time: Date, stepMs: number) =>
  new Date(Math.floor(time.getTime() / stepMs) * stepMs);

/** The start of the period that holds `time`. */
export function periodStartOf(unit: PeriodUnit, time: Date): Date {
  switch (unit) {
    case 'realtime':
      return floorTo(time, REALTIME_WINDOW_MS);
    case 'hourly':
      return floorTo(time, HOUR_MS);
    case 'daily':
      return floorTo(time, DAY_MS);
    case 'weekly': {
      // Weeks start on Monday (ISO 8601); getUTCDay is 0 on Sunday.
      const day = floorTo(time, DAY_MS);
      const sinceMonday = (day.getUTCDay() + 6) % 7;
      return new Date(day.getTime() - sinceMonday * DAY_MS);
    }
    case 'semimonthly': {
      const firstDay = time.getUTCDate() >= SECOND_HALF_FIRST_DAY ? SECOND_HALF_FIRST_DAY : 1;
      return new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), firstDay));
    }
    case 'monthly':
      return new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), 1));
  }
}

/** The end of the period that starts at `start` (the next one's start). */
export function periodEndOf(unit: PeriodUnit, start: Date): Date {
  switch (unit) {
    case 'realtime':
      return new Date(start.getTime() + REALTIME_WINDOW_MS);
    case 'hourly':
      return new Date(start.getTime() + HOUR_MS);
    case 'daily':
      return new Date(start.getTime() + DAY_MS);
    case 'weekly':
      return new Date(start.getTime() + 7 * DAY_MS);
    case 'semimonthly':
      return start.getUTCDate() === 1
        ? new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), SECOND_HALF_FIRST_DAY))
        : new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    case 'monthly':
      return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  }
}

/**
 * The periods a contract still owes, oldest first: from `firstStart` on, each that has ended by
 * `horizon` and began before the contract ended (`endedAt`), at most `limit` of them.
 */
export function duePeriods(input: {
  unit: PeriodUnit;
  firstStart: Date;
  horizon: Date;
  endedAt: Date | null;
  limit: number;
}): Array<{ start: Date; end: Date }> {
  const periods: Array<{ start: Date; end: Date }> = [];
  let start = periodStartOf(input.unit, input.firstStart);
  while (periods.length < input.limit) {
    const end = periodEndOf(input.unit, start);
    if (end.getTime() > input.horizon.getTime()) break;
    if (input.endedAt && start.getTime() >= input.endedAt.getTime()) break;
    periods.push({ start, end });
    start = end;
  }
  return periods;
}
