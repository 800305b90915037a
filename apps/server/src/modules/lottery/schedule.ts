import type { LotterySchedule } from './types.js';

/** Interval draws are created this far ahead of now (and at least `DRAWS_AHEAD_MIN` of them). */
export const INTERVAL_DRAWS_AHEAD_MS = 10 * 60 * 1000;
export const DRAWS_AHEAD_MIN = 2;
/** Daily draws: this many future occurrences exist at any time. */
export const DAILY_DRAWS_AHEAD = 2;
/** Most draws made for one game in one pass (a long interval of downtime is not back-filled). */
export const DRAWS_PER_PASS_MAX = 60;
/** A daily schedule looks this many days ahead for its next occurrence (days of month may skip). */
const DAILY_SEARCH_DAYS = 62;
const SECONDS_PER_DAY = 86_400;
const MS_PER_SECOND = 1000;

export interface PlannedDraw {
  drawNo: string;
  opensAt: Date;
  closesAt: Date;
  drawAt: Date;
}

function pad(value: number, width: number): string {
  return value.toString().padStart(width, '0');
}

function ymd(year: number, month: number, day: number): string {
  return `${year}${pad(month, 2)}${pad(day, 2)}`;
}

/** Milliseconds to add to UTC to get the wall time of `timeZone` at `instantMs`. */
function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instantMs));
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(instantMs / MS_PER_SECOND) * MS_PER_SECOND;
}

/** The instant at which the wall clock of `timeZone` shows the given date and time. */
export function zonedTimeToUtc(
  local: { year: number; month: number; day: number; hour: number; minute: number },
  timeZone: string,
): Date {
  const wallMs = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  let instant = wallMs - zoneOffsetMs(wallMs, timeZone);
  // Once more at the guessed instant, in case an offset change lies between the two.
  instant = wallMs - zoneOffsetMs(instant, timeZone);
  return new Date(instant);
}

/** The local calendar date of an instant in a time zone. */
function localDateOf(instantMs: number, timeZone: string) {
  const shifted = new Date(instantMs + zoneOffsetMs(instantMs, timeZone));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}

/** Interval draws: aligned on multiples of the interval since the epoch, numbered per UTC day. */
function intervalDrawNo(drawAtMs: number, intervalSeconds: number): string {
  const drawAtSeconds = drawAtMs / MS_PER_SECOND;
  let secondsOfDay = drawAtSeconds % SECONDS_PER_DAY;
  let dayStartMs = drawAtMs - secondsOfDay * MS_PER_SECOND;
  // The draw at midnight is the last of the day before.
  if (secondsOfDay === 0) {
    secondsOfDay = SECONDS_PER_DAY;
    dayStartMs -= SECONDS_PER_DAY * MS_PER_SECOND;
  }
  const day = new Date(dayStartMs);
  const sequence = Math.ceil(secondsOfDay / intervalSeconds);
  return `${ymd(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate())}-${pad(sequence, 4)}`;
}

function planInterval(
  intervalSeconds: number,
  closeOffsetSeconds: number,
  latestDrawAt: Date | null,
  now: Date,
): PlannedDraw[] {
  const intervalMs = intervalSeconds * MS_PER_SECOND;
  const firstAligned = Math.ceil((now.getTime() + 1) / intervalMs) * intervalMs;
  let drawAtMs = latestDrawAt
    ? Math.max(latestDrawAt.getTime() + intervalMs, firstAligned)
    : firstAligned;
  const horizonMs = now.getTime() + INTERVAL_DRAWS_AHEAD_MS;
  const planned: PlannedDraw[] = [];
  const futureCount = () => planned.length;
  while (
    planned.length < DRAWS_PER_PASS_MAX &&
    (drawAtMs <= horizonMs || futureCount() < DRAWS_AHEAD_MIN)
  ) {
    planned.push({
      drawNo: intervalDrawNo(drawAtMs, intervalSeconds),
      // A draw opens when the one before closes, so some draw always takes bets.
      opensAt: new Date(drawAtMs - intervalMs - closeOffsetSeconds * MS_PER_SECOND),
      closesAt: new Date(drawAtMs - closeOffsetSeconds * MS_PER_SECOND),
      drawAt: new Date(drawAtMs),
    });
    drawAtMs += intervalMs;
  }
  return planned;
}

/** Occurrences of a daily schedule strictly after `afterMs`, in order. */
function dailyOccurrences(
  schedule: Extract<LotterySchedule, { kind: 'daily' }>,
  afterMs: number,
  count: number,
): { drawNo: string; drawAt: Date }[] {
  const [hour, minute] = schedule.time.split(':').map(Number) as [number, number];
  const start = localDateOf(afterMs, schedule.timeZone);
  const found: { drawNo: string; drawAt: Date }[] = [];
  for (let offset = 0; offset < DAILY_SEARCH_DAYS && found.length < count; offset += 1) {
    const date = new Date(Date.UTC(start.year, start.month - 1, start.day + offset));
    const local = {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
    };
    if (schedule.daysOfMonth && !schedule.daysOfMonth.includes(local.day)) continue;
    const drawAt = zonedTimeToUtc({ ...local, hour, minute }, schedule.timeZone);
    if (drawAt.getTime() <= afterMs) continue;
    found.push({ drawNo: ymd(local.year, local.month, local.day), drawAt });
  }
  return found;
}

/**
 * The next occurrences after now, whatever exists already: the unique game and time keep an
 * existing draw as it is, so planning again each tick changes nothing.
 */
function planDaily(
  schedule: Extract<LotterySchedule, { kind: 'daily' }>,
  closeOffsetSeconds: number,
  now: Date,
): PlannedDraw[] {
  let opensAt = now;
  return dailyOccurrences(schedule, now.getTime(), DAILY_DRAWS_AHEAD).map((occurrence) => {
    const closesAtMs = Math.max(
      occurrence.drawAt.getTime() - closeOffsetSeconds * MS_PER_SECOND,
      opensAt.getTime(),
    );
    const planned = {
      drawNo: occurrence.drawNo,
      opensAt,
      closesAt: new Date(closesAtMs),
      drawAt: occurrence.drawAt,
    };
    opensAt = occurrence.drawAt;
    return planned;
  });
}

/**
 * The draws to create for a game now, given its latest draw time: interval games keep the next
 * ten minutes (at least two draws) planned, each opening when the one before closes; daily games
 * their next two occurrences, each opening when the one before is drawn.
 */
export function planDraws(input: {
  schedule: LotterySchedule;
  closeOffsetSeconds: number;
  latestDrawAt: Date | null;
  now: Date;
}): PlannedDraw[] {
  const { schedule, closeOffsetSeconds, latestDrawAt, now } = input;
  if (schedule.kind === 'interval') {
    if (latestDrawAt && latestDrawAt.getTime() > now.getTime() + INTERVAL_DRAWS_AHEAD_MS) return [];
    return planInterval(schedule.intervalSeconds, closeOffsetSeconds, latestDrawAt, now);
  }
  return planDaily(schedule, closeOffsetSeconds, now);
}
