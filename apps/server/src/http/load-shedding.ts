import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiPath, pathOf } from './api-paths.js';
import { sendError } from './error-handler.js';

/**
 * API requests one process serves at once. Past it a new request is answered 503 at once: by
 * Little's law an answered request waits (requests in flight) / (throughput), so a longer queue
 * only adds waiting. 64 clients at full speed fit with half as much again for bursts and the
 * other calls of the same players.
 */
export const MAX_REQUESTS_IN_FLIGHT = 96;
/**
 * Requests waiting for a database connection (the pool holds DATABASE_POOL_MAX_CONNECTIONS).
 * More than this means the database, not this process, is the bottleneck; new work is refused.
 */
export const MAX_DATABASE_POOL_WAITING = 64;
/**
 * Mean event-loop delay over the last sample window. Above it the process is CPU-bound: every
 * timer and socket callback is this late, so new requests are refused until it drops.
 */
export const MAX_EVENT_LOOP_DELAY_MS = 200;
/**
 * The event-loop bound counts only with at least this many requests under way: a late loop with
 * few requests is not their doing (garbage collection, a noisy neighbour on the machine), and
 * refusing requests would not help it. A third of MAX_REQUESTS_IN_FLIGHT.
 */
export const EVENT_LOOP_MIN_REQUESTS_IN_FLIGHT = 32;
/** The window over which the event-loop delay is averaged. */
export const EVENT_LOOP_SAMPLE_INTERVAL_MS = 500;
/**
 * How often a timer measures how late it fires. Node 20's `monitorEventLoopDelay` histogram
 * missed a loop blocked for a whole second in a check here, so the delay is measured directly:
 * 50 timer callbacks a second cost nothing measurable.
 */
export const EVENT_LOOP_PROBE_INTERVAL_MS = 20;
/** What a shed request is told to wait before retrying (`Retry-After` and the envelope). */
export const SHED_RETRY_AFTER_SECONDS = 1;
/**
 * `/readyz` answers 503 for this long after the last shed request, so that a load balancer that
 * polls every few seconds sees the overload and does not flap with every request.
 */
export const SHED_READY_HOLD_MS = 2_000;

export interface LoadSheddingLimits {
  maxRequestsInFlight: number;
  maxDatabasePoolWaiting: number;
  maxEventLoopDelayMs: number;
  eventLoopMinRequestsInFlight: number;
  eventLoopSampleIntervalMs: number;
  retryAfterSeconds: number;
  readyHoldMs: number;
}

export const DEFAULT_LOAD_SHEDDING_LIMITS: LoadSheddingLimits = {
  maxRequestsInFlight: MAX_REQUESTS_IN_FLIGHT,
  maxDatabasePoolWaiting: MAX_DATABASE_POOL_WAITING,
  maxEventLoopDelayMs: MAX_EVENT_LOOP_DELAY_MS,
  eventLoopMinRequestsInFlight: EVENT_LOOP_MIN_REQUESTS_IN_FLIGHT,
  eventLoopSampleIntervalMs: EVENT_LOOP_SAMPLE_INTERVAL_MS,
  retryAfterSeconds: SHED_RETRY_AFTER_SECONDS,
  readyHoldMs: SHED_READY_HOLD_MS,
};

/** Probes: a load balancer must always get an answer from them. */
const PROBE_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export type PressureReason = 'requests-in-flight' | 'database-pool' | 'event-loop';

export interface LoadState {
  requestsInFlight: number;
  databasePoolWaiting: number;
  eventLoopDelayMs: number;
  shedTotal: number;
}

export interface LoadShedder {
  /** True while a bound is exceeded or a request was shed within `readyHoldMs`. */
  isShedding(): boolean;
  state(): LoadState;
}

/** Probes, WebSocket upgrades (long-lived, never "in flight") and the web app's static files. */
export function isExemptFromShedding(request: FastifyRequest): boolean {
  const path = pathOf(request.url);
  if (PROBE_PATHS.has(path)) return true;
  if (request.headers.upgrade !== undefined) return true;
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  // API calls are shed under pressure (http/api-paths.ts); other reads are the web app's files.
  return isRead && !isApiPath(path);
}

/**
 * Refuses API requests with 503 SERVICE_UNAVAILABLE (and `Retry-After`) while the process is
 * over one of its bounds, instead of queueing them until every caller waits seconds.
 */
export function installLoadShedding(
  app: FastifyInstance,
  options: {
    limits: LoadSheddingLimits;
    /** Requests waiting for a pooled database connection; 0 when the pool is not known. */
    databasePoolWaiting: () => number;
  },
): LoadShedder {
  const { limits } = options;
  let requestsInFlight = 0;
  let shedTotal = 0;
  let lastShedAtMs = Number.NEGATIVE_INFINITY;
  let eventLoopDelayMs = 0;
  let sheddingSince: number | null = null;

  // Node schedules an interval's next run from the start of its callback, so the gap between
  // two runs past the interval is how late the loop was.
  let lastProbeAtMs = performance.now();
  let windowDelayTotalMs = 0;
  let windowProbes = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    windowDelayTotalMs += Math.max(0, now - lastProbeAtMs - EVENT_LOOP_PROBE_INTERVAL_MS);
    windowProbes += 1;
    lastProbeAtMs = now;
  }, EVENT_LOOP_PROBE_INTERVAL_MS);
  probe.unref();
  const sampler = setInterval(() => {
    eventLoopDelayMs = windowProbes > 0 ? windowDelayTotalMs / windowProbes : 0;
    windowDelayTotalMs = 0;
    windowProbes = 0;
    // Notes the end of an overload even when no probe asks.
    isShedding();
  }, limits.eventLoopSampleIntervalMs);
  sampler.unref();

  const pressure = (): PressureReason | null => {
    if (requestsInFlight >= limits.maxRequestsInFlight) return 'requests-in-flight';
    if (options.databasePoolWaiting() > limits.maxDatabasePoolWaiting) return 'database-pool';
    const busy = requestsInFlight >= limits.eventLoopMinRequestsInFlight;
    if (busy && eventLoopDelayMs > limits.maxEventLoopDelayMs) return 'event-loop';
    return null;
  };

  const state = (): LoadState => ({
    requestsInFlight,
    databasePoolWaiting: options.databasePoolWaiting(),
    eventLoopDelayMs,
    shedTotal,
  });

  app.addHook('onRequest', async (request, reply) => {
    if (isExemptFromShedding(request)) return;
    const reason = pressure();
    if (reason !== null) {
      shedTotal += 1;
      lastShedAtMs = Date.now();
      // One line when shedding starts, not one per refused request (that would add to the load).
      if (sheddingSince === null) {
        sheddingSince = lastShedAtMs;
        request.log.warn({ reason, ...state() }, 'overloaded: shedding requests');
      }
      return sendError(request, reply, 'SERVICE_UNAVAILABLE', {
        retryAfterSeconds: limits.retryAfterSeconds,
      });
    }
    requestsInFlight += 1;
    // 'close' comes once per response, after it is sent or when the client goes away.
    reply.raw.once('close', () => {
      requestsInFlight -= 1;
    });
  });

  function isShedding(): boolean {
    const shedding = pressure() !== null || Date.now() - lastShedAtMs < limits.readyHoldMs;
    if (!shedding && sheddingSince !== null) {
      app.log.warn(
        { shedTotal, overloadMs: Date.now() - sheddingSince },
        'load back under bounds: shedding stopped',
      );
      sheddingSince = null;
    }
    return shedding;
  }

  app.addHook('onClose', async () => {
    clearInterval(sampler);
    clearInterval(probe);
  });

  return { isShedding, state };
}
