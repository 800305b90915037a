import { describe, expect, it } from 'vitest';
import { encodeMetrics } from './prometheus-text.js';
import { createRequestMetrics, UNMATCHED_ROUTE_LABEL } from './request-metrics.js';

describe('request metrics', () => {
  it('counts per route template, method and status class, unmatched routes under one label', () => {
    const metrics = createRequestMetrics();
    metrics.record('/api/games/:id', 'GET', 200, 3);
    metrics.record('/api/games/:id', 'GET', 204, 30);
    metrics.record('/api/games/:id', 'GET', 503, 2_000);
    metrics.record(undefined, 'GET', 404, 1);
    metrics.record(undefined, 'GET', 404, 1);
    const text = encodeMetrics(metrics.families());
    expect(text).toContain(
      'http_requests_total{route="/api/games/:id",method="GET",status_class="2xx"} 2',
    );
    expect(text).toContain(
      'http_requests_total{route="/api/games/:id",method="GET",status_class="5xx"} 1',
    );
    expect(text).toContain(
      `http_requests_total{route="${UNMATCHED_ROUTE_LABEL}",method="GET",status_class="4xx"} 2`,
    );
  });

  it('puts each duration in its fixed bucket, cumulatively, in seconds', () => {
    const metrics = createRequestMetrics();
    metrics.record('/r', 'POST', 200, 3);
    metrics.record('/r', 'POST', 200, 30);
    metrics.record('/r', 'POST', 200, 60_000);
    const text = encodeMetrics(metrics.families());
    expect(text).toContain(
      'http_request_duration_seconds_bucket{route="/r",method="POST",le="0.005"} 1',
    );
    expect(text).toContain(
      'http_request_duration_seconds_bucket{route="/r",method="POST",le="0.05"} 2',
    );
    expect(text).toContain(
      'http_request_duration_seconds_bucket{route="/r",method="POST",le="30"} 2',
    );
    expect(text).toContain(
      'http_request_duration_seconds_bucket{route="/r",method="POST",le="+Inf"} 3',
    );
    expect(text).toContain('http_request_duration_seconds_count{route="/r",method="POST"} 3');
    expect(text).toContain('http_request_duration_seconds_sum{route="/r",method="POST"} 60.033');
  });
});
