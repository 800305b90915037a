/**
 * Real-user Web Vitals (issue 24): what the site reports and the bounds the server keeps to.
 * No zod here, so the site's lazy reporter can import it without the schema library.
 */

/** The metrics of the `web-vitals` library the site reports. */
export const webVitalMetricNames = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type WebVitalMetricName = (typeof webVitalMetricNames)[number];

/** Device class by viewport width, the split the console reports p75 by. */
export const webVitalDeviceClasses = ['mobile', 'tablet', 'desktop'] as const;
export type WebVitalDeviceClass = (typeof webVitalDeviceClasses)[number];

/** `navigator.connection.effectiveType`, or `unknown` where the browser does not tell. */
export const webVitalConnectionTypes = ['slow-2g', '2g', '3g', '4g', 'unknown'] as const;
export type WebVitalConnectionType = (typeof webVitalConnectionTypes)[number];

/** Where the site posts its reports (not in SPEC §7: designed in its style). */
export const WEB_VITALS_REPORT_PATH = '/wps/web-vitals';
/** A route template (`/promoDetail`, `/play/:id`): longer is not a template of this site. */
export const WEB_VITALS_ROUTE_MAX_LENGTH = 100;
/** One report holds one page view's metrics: five names, a few repeats when values update. */
export const WEB_VITALS_METRICS_PER_REPORT_MAX = 10;
/** The body of a report is a few hundred bytes; anything bigger is refused before parsing. */
export const WEB_VITALS_REPORT_BODY_MAX_BYTES = 2048;
/** Timing metrics above ten minutes are a tab left open, not a measure of speed. */
export const WEB_VITAL_TIMING_MAX_MS = 600_000;
/** CLS is a sum of shift fractions; a page that moves more than this is broken, not slow. */
export const WEB_VITAL_CLS_MAX = 100;

/** Viewport widths (CSS px) below which a device counts as a phone, then a tablet. */
export const WEB_VITAL_MOBILE_MAX_WIDTH_PX = 767;
export const WEB_VITAL_TABLET_MAX_WIDTH_PX = 1199;

/**
 * Google's "good" and "poor" thresholds per metric (ms, CLS unitless): the console colours a p75
 * by them, as PageSpeed Insights does.
 */
export const webVitalThresholds: Record<WebVitalMetricName, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
};
