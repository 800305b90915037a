import { useState } from 'react';

/** The report periods an agent picks from, in whole UTC days (the rollups' days). */
export const periodPresets = ['today', 'yesterday', 'last7', 'last30', 'thisMonth'] as const;
export type PeriodPreset = (typeof periodPresets)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The UTC days of a preset, `now` included. */
export function periodOf(
  preset: PeriodPreset,
  now = Date.now(),
): { fromDay: string; toDay: string } {
  const today = utcDay(now);
  switch (preset) {
    case 'today':
      return { fromDay: today, toDay: today };
    case 'yesterday':
      return { fromDay: utcDay(now - DAY_MS), toDay: utcDay(now - DAY_MS) };
    case 'last7':
      return { fromDay: utcDay(now - 6 * DAY_MS), toDay: today };
    case 'last30':
      return { fromDay: utcDay(now - 29 * DAY_MS), toDay: today };
    case 'thisMonth':
      return { fromDay: `${today.slice(0, 8)}01`, toDay: today };
  }
}

/** A page's chosen period (a preset), and its days. */
export function usePeriod(initial: PeriodPreset = 'last7') {
  const [preset, setPreset] = useState<PeriodPreset>(initial);
  return { preset, setPreset, period: periodOf(preset) };
}
