import { GAME_RECORD_HISTORY_DAYS } from '@app/contract/client';
import { type DayRange, dayString, localMidnight } from '../../../lib/day-range';

export { type DayRange, lastDays } from '../../../lib/day-range';

/** The oldest day the server still answers for, as a local day. */
export function oldestDay(now = new Date()): string {
  const oldest = new Date(now.getTime() - GAME_RECORD_HISTORY_DAYS * 24 * 60 * 60 * 1000);
  oldest.setDate(oldest.getDate() + 1);
  return dayString(oldest);
}

/**
 * Whole local days [fromDay, toDay] as the server's [from, to) instants, or the reason they
 * cannot be asked for: a missing day, the end before the start, or a start before the
 * three months the records keep.
 */
export function rangeOfDays(
  range: DayRange,
  now = new Date(),
): { from: string; to: string } | 'range_missing' | 'range_order' | 'range_too_old' {
  const from = localMidnight(range.fromDay);
  const last = localMidnight(range.toDay);
  if (!from || !last) return 'range_missing';
  if (last.getTime() < from.getTime()) return 'range_order';
  if (range.fromDay < oldestDay(now)) return 'range_too_old';
  const to = new Date(last);
  to.setDate(to.getDate() + 1);
  return { from: from.toISOString(), to: to.toISOString() };
}

/** The browser's IANA zone: personal profit groups rounds by the days the member sees. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
