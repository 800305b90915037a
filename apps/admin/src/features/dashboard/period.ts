/** The periods the dashboard offers. */
export const dashboardPeriods = ['today', '7d', '30d'] as const;
export type DashboardPeriod = (typeof dashboardPeriods)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
const PERIOD_DAYS: Record<Exclude<DashboardPeriod, 'today'>, number> = { '7d': 7, '30d': 30 };

/**
 * The period as the dashboard call wants it: "today" from the operator's local midnight, the
 * others as that many whole days ending today (today included).
 */
export function periodRange(
  period: DashboardPeriod,
  nowMs: number,
): { fromMs: number; toMs: number } {
  const midnight = new Date(nowMs);
  midnight.setHours(0, 0, 0, 0);
  const days = period === 'today' ? 1 : PERIOD_DAYS[period];
  return { fromMs: midnight.getTime() - (days - 1) * DAY_MS, toMs: nowMs };
}
