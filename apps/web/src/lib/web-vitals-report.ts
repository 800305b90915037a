import {
  WEB_VITAL_MOBILE_MAX_WIDTH_PX,
  WEB_VITAL_TABLET_MAX_WIDTH_PX,
  WEB_VITALS_METRICS_PER_REPORT_MAX,
  WEB_VITALS_ROUTE_MAX_LENGTH,
  type WebVitalConnectionType,
  type WebVitalDeviceClass,
  type WebVitalMetricName,
  webVitalConnectionTypes,
} from '@app/contract/client';
import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import { sendWebVitalsReport } from '../api/web-vitals-api';

/** A path segment that is an id (digits, a long token or hash), reported as `:id`. */
const ID_SEGMENT = /^(\d+|[A-Za-z0-9_-]{20,})$/;

/**
 * The route template of a path: ids become `:id` and anything but letters, digits and `_.-` is
 * dropped, so that the report carries no personal value (the query string is never read).
 */
export function routeTemplateOf(pathname: string): string {
  const segments = pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (ID_SEGMENT.test(segment) ? ':id' : segment.replace(/[^A-Za-z0-9_.-]/g, '')))
    .filter((segment) => segment !== '');
  return `/${segments.join('/')}`.slice(0, WEB_VITALS_ROUTE_MAX_LENGTH);
}

export function deviceClassOf(viewportWidthPx: number): WebVitalDeviceClass {
  if (viewportWidthPx <= WEB_VITAL_MOBILE_MAX_WIDTH_PX) return 'mobile';
  if (viewportWidthPx <= WEB_VITAL_TABLET_MAX_WIDTH_PX) return 'tablet';
  return 'desktop';
}

function connectionType(): WebVitalConnectionType {
  const effective = (navigator as { connection?: { effectiveType?: string } }).connection
    ?.effectiveType;
  return webVitalConnectionTypes.find((type) => type === effective) ?? 'unknown';
}

/**
 * Collects the page's Web Vitals and posts them when the page is hidden (the last moment CLS
 * and INP are final, and the one moment a phone reliably gives a page). Each metric keeps its
 * latest value; a page that comes back and is hidden again sends what changed since.
 * The route is the landing page's: LCP, FCP and TTFB belong to the document's first load.
 */
export function startWebVitalsReport(): void {
  const route = routeTemplateOf(window.location.pathname);
  const pending = new Map<WebVitalMetricName, number>();
  const keep = (metric: Metric) => pending.set(metric.name, metric.value);
  onLCP(keep);
  onINP(keep);
  onCLS(keep);
  onFCP(keep);
  onTTFB(keep);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden' || pending.size === 0) return;
    const metrics = [...pending]
      .slice(0, WEB_VITALS_METRICS_PER_REPORT_MAX)
      .map(([name, value]) => ({ name, value }));
    pending.clear();
    sendWebVitalsReport({
      route,
      device: deviceClassOf(window.innerWidth),
      connection: connectionType(),
      metrics,
    });
  });
}
