/**
 * Latencies kept per route and interval for the percentiles. Past it the sample is a uniform
 * reservoir, so memory stays bounded under any load and the percentiles stay unbiased.
 */
export const ACCESS_SUMMARY_SAMPLES_PER_ROUTE = 1_024;
/** Routes named in one summary line; the busiest first, the rest counted together. */
export const ACCESS_SUMMARY_MAX_ROUTES = 50;

export interface RouteSummary {
  route: string;
  count: number;
  status2xx: number;
  status3xx: number;
  status4xx: number;
  status5xx: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface AccessSummary {
  intervalMs: number;
  count: number;
  status5xx: number;
  routes: RouteSummary[];
  /** Requests of routes beyond ACCESS_SUMMARY_MAX_ROUTES. */
  otherRoutesCount: number;
}

interface RouteTally {
  count: number;
  byClass: [number, number, number, number];
  samples: number[];
  maxMs: number;
}

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

function roundMs(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Counts and latencies of answered requests per route, handed out and reset once per interval. */
export function createAccessSummary(
  options: { samplesPerRoute?: number; random?: () => number; nowMs?: () => number } = {},
) {
  const samplesPerRoute = options.samplesPerRoute ?? ACCESS_SUMMARY_SAMPLES_PER_ROUTE;
  const random = options.random ?? Math.random;
  const nowMs = options.nowMs ?? Date.now;
  let tallies = new Map<string, RouteTally>();
  let startedAtMs = nowMs();

  function record(route: string, statusCode: number, durationMs: number): void {
    let tally = tallies.get(route);
    if (!tally) {
      tally = { count: 0, byClass: [0, 0, 0, 0], samples: [], maxMs: 0 };
      tallies.set(route, tally);
    }
    tally.count += 1;
    const statusClass = Math.min(3, Math.max(0, Math.floor(statusCode / 100) - 2));
    tally.byClass[statusClass] = (tally.byClass[statusClass] ?? 0) + 1;
    tally.maxMs = Math.max(tally.maxMs, durationMs);
    if (tally.samples.length < samplesPerRoute) {
      tally.samples.push(durationMs);
    } else {
      const slot = Math.floor(random() * tally.count);
      if (slot < samplesPerRoute) tally.samples[slot] = durationMs;
    }
  }

  /** The interval's summary (null when nothing was answered), and a fresh interval. */
  function drain(): AccessSummary | null {
    const endedAtMs = nowMs();
    const finished = tallies;
    const intervalMs = endedAtMs - startedAtMs;
    tallies = new Map();
    startedAtMs = endedAtMs;
    if (finished.size === 0) return null;
    const routes = [...finished.entries()]
      .sort(([, a], [, b]) => b.count - a.count)
      .map(([route, tally]): RouteSummary => {
        const sorted = tally.samples.sort((a, b) => a - b);
        const [status2xx, status3xx, status4xx, status5xx] = tally.byClass;
        return {
          route,
          count: tally.count,
          status2xx,
          status3xx,
          status4xx,
          status5xx,
          p50Ms: roundMs(percentile(sorted, 0.5)),
          p99Ms: roundMs(percentile(sorted, 0.99)),
          maxMs: roundMs(tally.maxMs),
        };
      });
    const shown = routes.slice(0, ACCESS_SUMMARY_MAX_ROUTES);
    const sum = (list: RouteSummary[], pick: (route: RouteSummary) => number) =>
      list.reduce((total, route) => total + pick(route), 0);
    return {
      intervalMs,
      count: sum(routes, (route) => route.count),
      status5xx: sum(routes, (route) => route.status5xx),
      routes: shown,
      otherRoutesCount: sum(routes.slice(ACCESS_SUMMARY_MAX_ROUTES), (route) => route.count),
    };
  }

  return { record, drain };
}
