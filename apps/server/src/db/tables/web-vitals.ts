import type { CreatedAt, IdColumn } from './column-types.js';

/**
 * One real-user Web Vitals measure (issue 24): no member, session or address, only what the
 * console groups by. `metric_value` is in ms, except CLS (a unitless sum of shift fractions).
 */
export interface WebVitalsSamplesTable {
  id: IdColumn;
  merchant_code: string;
  route: string;
  device: 'mobile' | 'tablet' | 'desktop';
  connection: 'slow-2g' | '2g' | '3g' | '4g' | 'unknown';
  metric: 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB';
  metric_value: number;
  recorded_at: CreatedAt;
}
