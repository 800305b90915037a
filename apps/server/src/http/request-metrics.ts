import type { FastifyInstance } from 'fastify';
import { histogramSamples, type MetricFamily, type Sample } from './prometheus-text.js';

/**
 * Upper bounds of the request duration buckets, in seconds: from a cached read (a few
 * milliseconds) to the request timeout (30 s), dense where the API's p99 aims lie.
 */
export const REQUEST_DURATION_BUCKETS_SECONDS = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
] as const;
/** The route label of requests that matched no route (scans, typos): one series for all. */
export const UNMATCHED_ROUTE_LABEL = '(unmatched)';

interface RouteSeries {
  route: string;
  method: string;
  countsByStatusClass: Map<string, number>;
  bucketCounts: number[];
  durationSumSeconds: number;
  count: number;
}

function statusClassOf(statusCode: number): string {
  const hundreds = Math.floor(statusCode / 100);
  return hundreds >= 1 && hundreds <= 5 ? `${hundreds}xx` : 'other';
}

function bucketIndexOf(durationSeconds: number): number {
  const index = REQUEST_DURATION_BUCKETS_SECONDS.findIndex((bound) => durationSeconds <= bound);
  return index === -1 ? REQUEST_DURATION_BUCKETS_SECONDS.length : index;
}

/**
 * Request counts and durations since the process started, per route template and method.
 * Labels come from the route table (never from the raw URL), so the series stay bounded.
 */
export function createRequestMetrics() {
  const series = new Map<string, RouteSeries>();

  function record(
    route: string | undefined,
    method: string,
    statusCode: number,
    durationMs: number,
  ): void {
    const routeLabel = route ?? UNMATCHED_ROUTE_LABEL;
    const key = `${method} ${routeLabel}`;
    let entry = series.get(key);
    if (!entry) {
      entry = {
        route: routeLabel,
        method,
        countsByStatusClass: new Map(),
        bucketCounts: new Array(REQUEST_DURATION_BUCKETS_SECONDS.length + 1).fill(0),
        durationSumSeconds: 0,
        count: 0,
      };
      series.set(key, entry);
    }
    const statusClass = statusClassOf(statusCode);
    entry.countsByStatusClass.set(
      statusClass,
      (entry.countsByStatusClass.get(statusClass) ?? 0) + 1,
    );
    const durationSeconds = durationMs / 1000;
    const bucket = bucketIndexOf(durationSeconds);
    entry.bucketCounts[bucket] = (entry.bucketCounts[bucket] ?? 0) + 1;
    entry.durationSumSeconds += durationSeconds;
    entry.count += 1;
  }

  function families(): MetricFamily[] {
    const counts: Sample[] = [];
    const durations: Sample[] = [];
    for (const entry of series.values()) {
      const labels = { route: entry.route, method: entry.method };
      for (const [statusClass, count] of entry.countsByStatusClass) {
        counts.push({ labels: { ...labels, status_class: statusClass }, value: count });
      }
      durations.push(
        ...histogramSamples(
          labels,
          REQUEST_DURATION_BUCKETS_SECONDS,
          entry.bucketCounts,
          entry.durationSumSeconds,
          entry.count,
        ),
      );
    }
    return [
      {
        name: 'http_requests_total',
        help: 'Answered HTTP requests by route template, method and status class.',
        type: 'counter',
        samples: counts,
      },
      {
        name: 'http_request_duration_seconds',
        help: 'Time from receiving a request to answering it, by route template and method.',
        type: 'histogram',
        samples: durations,
      },
    ];
  }

  return { record, families };
}

export type RequestMetrics = ReturnType<typeof createRequestMetrics>;

/** Records every answered request; the series are read by the `/metrics` route. */
export function installRequestMetrics(app: FastifyInstance): RequestMetrics {
  const metrics = createRequestMetrics();
  // Callback-style hooks (here and in the other per-request hooks): no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.record(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime);
    done();
  });
  return metrics;
}
