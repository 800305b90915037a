import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import { webVitalDeviceClasses, webVitalMetricNames } from '../web-vitals-constants.js';
import { webVitalRouteSchema } from './web-vitals.js';

/** Samples are kept this long (the retention job deletes older ones), so no period is longer. */
export const WEB_VITALS_RETENTION_DAYS = 30;
/** Groups (route × device × metric) one answer holds at most: the busiest routes first. */
export const WEB_VITALS_REPORT_GROUPS_MAX = 500;

export const adminWebVitalsQuery = z
  .object({
    fromMs: z.coerce.number().int().min(0),
    toMs: z.coerce.number().int().min(0),
  })
  .refine((query) => query.toMs > query.fromMs, { path: ['toMs'], message: 'toMs after fromMs' })
  .refine((query) => query.toMs - query.fromMs <= WEB_VITALS_RETENTION_DAYS * 86_400_000, {
    path: ['fromMs'],
    message: `at most ${WEB_VITALS_RETENTION_DAYS} days`,
  });

export const webVitalsGroupSchema = z.object({
  route: webVitalRouteSchema,
  device: z.enum(webVitalDeviceClasses),
  metric: z.enum(webVitalMetricNames),
  /** The 75th percentile (ms; CLS unitless), as Google's Web Vitals are judged. */
  p75: z.number(),
  samples: z.number().int(),
});
export type WebVitalsGroup = z.output<typeof webVitalsGroupSchema>;

export const adminWebVitalsCall = defineCall({
  ...adminRoutes.adminWebVitals,
  summary: 'Field Web Vitals of the merchant: p75 per route, device and metric over a period',
  tags: ['admin'],
  query: adminWebVitalsQuery,
  value: z.object({
    groups: z.array(webVitalsGroupSchema),
    /** More groups matched than WEB_VITALS_REPORT_GROUPS_MAX: the least visited were left out. */
    truncated: z.boolean(),
  }),
});
