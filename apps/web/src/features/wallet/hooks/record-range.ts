import { RECORD_RANGE_MAX_DAYS } from '@app/contract/client';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A day as an `<input type="date">` holds it (yyyy-MM-dd), in the browser's time zone. */
export function dayString(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `days` days ending today (today included). */
export function lastDays(days: number, today = new Date()): { fromDay: string; toDay: string } {
  const from = new Date(today);
  from.setDate(from.getDate() - (days - 1));
  return { fromDay: dayString(from), toDay: dayString(today) };
}

function localMidnight(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

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
