import { describe, expect, it } from 'vitest';
import { ACCESS_SUMMARY_MAX_ROUTES, createAccessSummary } from './access-summary.js';

describe('the access summary', () => {
  it('counts requests per route by status class with p50 and p99, busiest route first', () => {
    let nowMs = 1_000;
    const summary = createAccessSummary({ nowMs: () => nowMs });
    for (let n = 1; n <= 100; n += 1) summary.record('POST /wps/builtin/play', 200, n);
    summary.record('GET /wps/system/status', 200, 3);
    summary.record('GET /wps/system/status', 404, 4);
    summary.record('GET /wps/system/status', 503, 1);
    summary.record('GET /wps/system/status', 302, 2);
    nowMs = 31_000;

    const drained = summary.drain();

    expect(drained).toEqual({
      intervalMs: 30_000,
      count: 104,
      status5xx: 1,
      otherRoutesCount: 0,
      routes: [
        {
          route: 'POST /wps/builtin/play',
          count: 100,
          status2xx: 100,
          status3xx: 0,
          status4xx: 0,
          status5xx: 0,
          p50Ms: 51,
          p99Ms: 100,
          maxMs: 100,
        },
        {
          route: 'GET /wps/system/status',
          count: 4,
          status2xx: 1,
          status3xx: 1,
          status4xx: 1,
          status5xx: 1,
          p50Ms: 3,
          p99Ms: 4,
          maxMs: 4,
        },
      ],
    });
  });

  it('starts a fresh interval after each summary and says nothing for a quiet one', () => {
    const summary = createAccessSummary();
    summary.record('GET /x', 200, 1);
    expect(summary.drain()?.count).toBe(1);
    expect(summary.drain()).toBeNull();
  });

  it('keeps a bounded sample per route, yet counts and the maximum cover every request', () => {
    const summary = createAccessSummary({ samplesPerRoute: 10, random: () => 0 });
    for (let n = 1; n <= 1_000; n += 1) summary.record('GET /x', 200, n);
    const route = summary.drain()?.routes[0];
    expect(route?.count).toBe(1_000);
    expect(route?.maxMs).toBe(1_000);
  });

  it('names the busiest routes and counts the rest together', () => {
    const summary = createAccessSummary();
    for (let n = 0; n < ACCESS_SUMMARY_MAX_ROUTES + 3; n += 1) summary.record(`GET /r${n}`, 200, 1);
    const drained = summary.drain();
    expect(drained?.routes).toHaveLength(ACCESS_SUMMARY_MAX_ROUTES);
    expect(drained?.otherRoutesCount).toBe(3);
    expect(drained?.count).toBe(ACCESS_SUMMARY_MAX_ROUTES + 3);
  });
});
