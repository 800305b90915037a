import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createAccessSummary } from './access-summary.js';
import { redactUrl } from './log-redaction.js';

/** A request slower than this is logged on its own line (warn), with its request id. */
export const SLOW_REQUEST_THRESHOLD_MS = 1_000;
/** How often the access summary (counts, status classes, p50/p99 per route) is logged. */
export const ACCESS_SUMMARY_INTERVAL_MS = 30_000;
/** Response header that gives the caller the request id of the server's log lines. */
export const REQUEST_ID_HEADER = 'x-request-id';

export interface RequestLoggingOptions {
  slowRequestThresholdMs: number;
  accessSummaryIntervalMs: number;
}

export const DEFAULT_REQUEST_LOGGING: RequestLoggingOptions = {
  slowRequestThresholdMs: SLOW_REQUEST_THRESHOLD_MS,
  accessSummaryIntervalMs: ACCESS_SUMMARY_INTERVAL_MS,
};

/**
 * Ids that stay unique across processes and restarts, so that a support ticket quoting one
 * finds exactly one request in the merged logs.
 */
export function generateRequestId(): string {
  return randomUUID();
}

/** A UUID in its canonical spelling: the only caller-given id believed (no log injection). */
const WELL_FORMED_REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Fastify's `genReqId`: behind a trusted proxy (TRUST_PROXY), the id the proxy gave the request
 * (HAProxy's `unique-id`) when it is a well-formed UUID, so that the proxy's log and ours name it
 * alike; otherwise, and always without a proxy (any client could choose it), a fresh one.
 */
export function requestIdGenerator(trustedProxyHops: number): (raw: IncomingMessage) => string {
  return (raw) => {
    const given = trustedProxyHops > 0 ? raw.headers[REQUEST_ID_HEADER] : undefined;
    return typeof given === 'string' && WELL_FORMED_REQUEST_ID.test(given)
      ? given.toLowerCase()
      : generateRequestId();
  };
}

function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? '(unmatched)'}`;
}

/**
 * What operators need instead of two lines per request (Fastify's `disableRequestLogging` is on):
 * errors (the error handler logs them with the request id), slow requests, and a summary of all
 * requests every interval. Every request's id goes back in `X-Request-Id`.
 */
export function installRequestLogging(app: FastifyInstance, options: RequestLoggingOptions): void {
  const summary = createAccessSummary();

  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    const durationMs = reply.elapsedTime;
    const route = routeOf(request);
    summary.record(route, reply.statusCode, durationMs);
    if (durationMs >= options.slowRequestThresholdMs) {
      request.log.warn(
        {
          route,
          url: redactUrl(request.url),
          statusCode: reply.statusCode,
          responseTimeMs: Math.round(durationMs),
        },
        'slow request',
      );
    }
    done();
  });

  const logSummary = () => {
    const accessSummary = summary.drain();
    if (accessSummary) app.log.info({ accessSummary }, 'access summary');
  };
  const timer = setInterval(logSummary, options.accessSummaryIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    logSummary();
  });
}
