import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { createLedgerService } from '../modules/ledger/index.js';
import { PROMETHEUS_CONTENT_TYPE } from './prometheus-text.js';

const METRICS_TOKEN = 'a'.repeat(32);
const LOOPBACK = '127.0.0.1';
const REMOTE = '203.0.113.20';

describe('GET /metrics', () => {
  const context = useTestApp({
    metricsToken: METRICS_TOKEN,
    trustProxy: true,
    jobQueueDepths: async () => [{ name: 'ledger-reconcile', queued: 3 }],
  });

  const scrape = (remoteAddress: string, headers: Record<string, string> = {}) =>
    context.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('answers a loopback peer in the Prometheus text format with every figure', async () => {
    await context.app.inject({ method: 'GET', url: '/healthz', remoteAddress: REMOTE });
    await context.app.inject({ method: 'GET', url: '/no/such/path', remoteAddress: REMOTE });
    const answer = await scrape(LOOPBACK);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe(PROMETHEUS_CONTENT_TYPE);
    const text = answer.body;
    expect(text).toMatch(
      /^http_requests_total\{route="\/healthz",method="GET",status_class="2xx"\} [1-9]/m,
    );
    expect(text).toMatch(
      /^http_requests_total\{route="\(unmatched\)",method="GET",status_class="4xx"\} [1-9]/m,
    );
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{route="\/healthz",method="GET",le="\+Inf"\} [1-9]/m,
    );
    expect(text).toMatch(/^db_pool_connections\{state="total"\} \d+$/m);
    expect(text).toMatch(/^db_pool_connections\{state="idle"\} \d+$/m);
    expect(text).toMatch(/^db_pool_waiting_queries 0$/m);
    expect(text).toMatch(/^events_consumer_lag_events\{consumer="play-metrics"\} \d+$/m);
    expect(text).toMatch(/^job_queue_depth\{job="ledger-reconcile"\} 3$/m);
    expect(text).toMatch(/^http_load_shedding_active 0$/m);
    expect(text).toMatch(/^nodejs_eventloop_delay_p99_seconds [\d.e-]+$/m);
    expect(text).toMatch(/^nodejs_heap_used_bytes \d+$/m);
    expect(text).toMatch(/^process_uptime_seconds \d+$/m);
    expect(text).toMatch(/^# TYPE game_rounds_settled_total counter$/m);
  });

  it('reports the last reconciliation that any instance recorded', async () => {
    const before = await scrape(LOOPBACK);
    expect(before.body).not.toContain('ledger_reconciliation_ok');
    const ranAt = new Date('2026-11-26T18:00:00Z');
    await createLedgerService(context.database.db).recordReconciliation({
      ok: false,
      breakCount: 2,
      ranAt,
    });
    const after = (await scrape(LOOPBACK)).body;
    expect(after).toMatch(/^ledger_reconciliation_ok 0$/m);
    expect(after).toMatch(/^ledger_reconciliation_breaks 2$/m);
    expect(after).toMatch(
      new RegExp(
        `^ledger_reconciliation_last_run_timestamp_seconds ${ranAt.getTime() / 1000}$`,
        'm',
      ),
    );
  });

  it('answers another machine only with the bearer token', async () => {
    expect((await scrape(REMOTE, { authorization: `Bearer ${METRICS_TOKEN}` })).statusCode).toBe(
      200,
    );
    const refused = await scrape(REMOTE, { authorization: `Bearer ${'b'.repeat(32)}` });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ success: false });
    expect((await scrape(REMOTE)).statusCode).toBe(404);
  });

  it('goes by the socket peer, not by a forwarded loopback address', async () => {
    const answer = await scrape(REMOTE, { 'x-forwarded-for': LOOPBACK });
    expect(answer.statusCode).toBe(404);
  });

  it('refuses what a proxy on this machine forwards for someone else', async () => {
    const answer = await scrape(LOOPBACK, { 'x-forwarded-for': REMOTE });
    expect(answer.statusCode).toBe(404);
  });
});
