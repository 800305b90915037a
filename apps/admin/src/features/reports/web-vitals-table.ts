import {
  type WebVitalDeviceClass,
  type WebVitalMetricName,
  type WebVitalsGroup,
  webVitalThresholds,
} from '@app/contract';

/** One line of the page: a route on a device class, with the p75 of each metric. */
export interface WebVitalsRow {
  route: string;
  device: WebVitalDeviceClass;
  p75: Partial<Record<WebVitalMetricName, number>>;
  /** The samples of the row's most sampled metric: roughly its page views. */
  samples: number;
}

/** The server's groups (route × device × metric) as lines per route and device, busiest first. */
export function webVitalsRows(groups: readonly WebVitalsGroup[]): WebVitalsRow[] {
  const rows = new Map<string, WebVitalsRow>();
  for (const group of groups) {
    const key = `${group.route} ${group.device}`;
    const row = rows.get(key) ?? { route: group.route, device: group.device, p75: {}, samples: 0 };
    row.p75[group.metric] = group.p75;
    row.samples = Math.max(row.samples, group.samples);
    rows.set(key, row);
  }
  return [...rows.values()].sort(
    (left, right) =>
      right.samples - left.samples ||
      left.route.localeCompare(right.route) ||
      left.device.localeCompare(right.device),
  );
}

export type WebVitalRating = 'good' | 'needs-improvement' | 'poor';

/** Google's rating of a p75 (the thresholds PageSpeed Insights colours by). */
export function ratingOf(metric: WebVitalMetricName, value: number): WebVitalRating {
  const { good, poor } = webVitalThresholds[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

/** CLS is unitless with two decimals; the timings are whole milliseconds. */
export function formatP75(metric: WebVitalMetricName, value: number): string {
  return metric === 'CLS' ? value.toFixed(2) : `${Math.round(value).toLocaleString('en')} ms`;
}
