/** A range of whole local days as `<input type="date">` holds them (yyyy-MM-dd). */
export interface DayRange {
  fromDay: string;
  toDay: string;
}

/** A day as an `<input type="date">` holds it (yyyy-MM-dd), in the browser's time zone. */
export function dayString(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `days` days ending today (today included). */
export function lastDays(days: number, today = new Date()): DayRange {
  const from = new Date(today);
  from.setDate(from.getDate() - (days - 1));
  return { fromDay: dayString(from), toDay: dayString(today) };
}

/** The start of a yyyy-MM-dd day in the browser's time zone, or null when it is not a day. */
export function localMidnight(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}
