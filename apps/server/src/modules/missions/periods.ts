import type { MissionPeriod } from '@app/contract';

const DAY_MS = 86_400_000;
/** Days from Monday: JavaScript's getUTCDay() is 0 on Sunday. */
const DAYS_SINCE_MONDAY = [6, 0, 1, 2, 3, 4, 5] as const;

/** The UTC day of an instant, YYYY-MM-DD. */
export function utcDayOf(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/** Midnight UTC of the Monday that starts the instant's week. */
export function weekStartOf(time: Date): Date {
  const midnight = Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate());
  return new Date(midnight - (DAYS_SINCE_MONDAY[time.getUTCDay()] ?? 0) * DAY_MS);
}

/**
 * The period an instant belongs to. Merchants have no time zone of their own (the merchants
 * table holds none), so days roll at UTC midnight and weeks on Monday 00:00 UTC.
 */
export function periodKeyOf(period: MissionPeriod, time: Date): string {
  if (period === 'daily') return `D${utcDayOf(time)}`;
  if (period === 'weekly') return `W${utcDayOf(weekStartOf(time))}`;
  return 'once';
}

/** Where the period of `time` ends (exclusive), or null for one-off missions. */
export function periodEndOf(period: MissionPeriod, time: Date): Date | null {
  if (period === 'daily') {
    return new Date(
      Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate()) + DAY_MS,
    );
  }
  if (period === 'weekly') return new Date(weekStartOf(time).getTime() + 7 * DAY_MS);
  return null;
}

/** [start, end) of the leaderboard's day or week containing `time`. */
export function boardRangeOf(period: 'daily' | 'weekly', time: Date): { from: Date; to: Date } {
  const to = periodEndOf(period, time) as Date;
  const from = new Date(to.getTime() - (period === 'daily' ? DAY_MS : 7 * DAY_MS));
  return { from, to };
}

/** The UTC day before `day` (YYYY-MM-DD). */
export function dayBefore(day: string): string {
  return utcDayOf(new Date(Date.parse(`${day}T00:00:00.000Z`) - DAY_MS));
}
