import {
  requestHeaders,
  WEB_VITALS_REPORT_PATH,
  type WebVitalConnectionType,
  type WebVitalDeviceClass,
  type WebVitalMetricName,
} from '@app/contract/client';
import { localKeys, readLocal } from '../lib/storage';

export interface WebVitalsReportBody {
  route: string;
  device: WebVitalDeviceClass;
  connection: WebVitalConnectionType;
  metrics: Array<{ name: WebVitalMetricName; value: number }>;
}

/**
 * Posts one page view's Web Vitals. `keepalive` lets the request outlive the page that is being
 * hidden or closed (the moment the last metrics are known); the answer is not awaited, because
 * a lost report costs nothing.
 */
export function sendWebVitalsReport(body: WebVitalsReportBody): void {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const merchantCode = readLocal(localKeys.merchantCode);
  if (merchantCode) headers[requestHeaders.merchant] = merchantCode;
  void fetch(WEB_VITALS_REPORT_PATH, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);
}
