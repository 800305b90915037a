import { RECORD_RANGE_MAX_DAYS } from '@app/contract/client';
import { localMidnight } from '../../../lib/day-range';

export { lastDays } from '../../../lib/day-range';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole local days [fromDay, toDay] as the server's [from, to) instants, or the reason they
 * cannot be asked for: a missing day, the end before the start, or more than the allowed days.
 */
export function rangeOfDays(
  fromDay: string,
  toDay: string,
): { from: string; to: string } | 'range_missing' | 'range_order' | 'range_too_long' {
  const from = localMidnight(fromDay);
  const last = localMidnight(toDay);
  if (!from || !last) return 'range_missing';
  if (last.getTime() < from.getTime()) return 'range_order';
  const to = new Date(last);
  to.setDate(to.getDate() + 1);
  // Rounded: a daylight-saving day is 23 or 25 hours long.
  if (Math.round((to.getTime() - from.getTime()) / DAY_MS) > RECORD_RANGE_MAX_DAYS) {
    return 'range_too_long';
  }
  return { from: from.toISOString(), to: to.toISOString() };
}
