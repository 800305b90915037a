import { z } from 'zod';
import { defineCall } from '../call.js';
import {
  WEB_VITAL_CLS_MAX,
  WEB_VITAL_TIMING_MAX_MS,
  WEB_VITALS_METRICS_PER_REPORT_MAX,
  WEB_VITALS_REPORT_BODY_MAX_BYTES,
  WEB_VITALS_REPORT_PATH,
  WEB_VITALS_ROUTE_MAX_LENGTH,
  webVitalConnectionTypes,
  webVitalDeviceClasses,
  webVitalMetricNames,
} from '../web-vitals-constants.js';

/**
 * A route template: the page's path with ids replaced by `:id`. Letters, digits and the path's
 * punctuation only, so that no query string, e-mail address or free text can arrive here.
 */
export const webVitalRouteSchema = z
  .string()
  .max(WEB_VITALS_ROUTE_MAX_LENGTH)
  .regex(/^\/[A-Za-z0-9/_:.-]*$/);

const timingMetricSchema = z.object({
  name: z.enum(
    webVitalMetricNames.filter((name) => name !== 'CLS') as ['LCP', 'INP', 'FCP', 'TTFB'],
  ),
  value: z.number().finite().min(0).max(WEB_VITAL_TIMING_MAX_MS),
});
const layoutShiftMetricSchema = z.object({
  name: z.literal('CLS'),
  value: z.number().finite().min(0).max(WEB_VITAL_CLS_MAX),
});

export const webVitalsReportSchema = z.strictObject({
  route: webVitalRouteSchema,
  device: z.enum(webVitalDeviceClasses),
  connection: z.enum(webVitalConnectionTypes),
  metrics: z
    .array(z.discriminatedUnion('name', [timingMetricSchema, layoutShiftMetricSchema]))
    .min(1)
    .max(WEB_VITALS_METRICS_PER_REPORT_MAX),
});
export type WebVitalsReport = z.output<typeof webVitalsReportSchema>;

/**
 * The site's field measures of one page view. No session, no member and no address is kept:
 * only the merchant, the route template, the device class and the connection type.
 */
export const reportWebVitalsCall = defineCall({
  method: 'POST',
  path: WEB_VITALS_REPORT_PATH,
  auth: false,
  summary: 'Stores the Web Vitals of one page view (rate limited per address)',
  tags: ['system'],
  bodyLimitBytes: WEB_VITALS_REPORT_BODY_MAX_BYTES,
  body: webVitalsReportSchema,
  value: z.object({ stored: z.number().int() }),
});
