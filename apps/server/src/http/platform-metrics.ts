import type { JobQueueDepth } from '../jobs/runner.js';
import type { MetricFamily } from './prometheus-text.js';

const MS_PER_SECOND = 1000;

export function databasePoolFamilies(pool: {
  total: number;
  idle: number;
  waiting: number;
}): MetricFamily[] {
  return [
    {
      name: 'db_pool_connections',
      help: 'Connections of this instance database pool, by state (total open, idle).',
      type: 'gauge',
      samples: [
        { labels: { state: 'total' }, value: pool.total },
        { labels: { state: 'idle' }, value: pool.idle },
      ],
    },
    {
      name: 'db_pool_waiting_queries',
      help: 'Queries waiting for a free pooled connection.',
      type: 'gauge',
      samples: [{ value: pool.waiting }],
    },
  ];
}

export function eventLagFamilies(
  lags: readonly { name: string; eventsBehind: number; oldestUnappliedAgeMs: number }[],
): MetricFamily[] {
  return [
    {
      name: 'events_consumer_lag_events',
      help: 'Events of the stream a consumer has not applied yet (capped).',
      type: 'gauge',
      samples: lags.map((lag) => ({ labels: { consumer: lag.name }, value: lag.eventsBehind })),
    },
    {
      name: 'events_consumer_lag_seconds',
      help: 'Age of the oldest event a consumer has not applied yet (0 when caught up).',
      type: 'gauge',
      samples: lags.map((lag) => ({
        labels: { consumer: lag.name },
        value: lag.oldestUnappliedAgeMs / MS_PER_SECOND,
      })),
    },
  ];
}

export function jobQueueFamilies(depths: readonly JobQueueDepth[]): MetricFamily[] {
  return [
    {
      name: 'job_queue_depth',
      help: 'Jobs waiting to run (created or to be retried), per job.',
      type: 'gauge',
      samples: depths.map((depth) => ({ labels: { job: depth.name }, value: depth.queued })),
    },
  ];
}

/** Before the job's first run there is no outcome: no series, which an alert treats as absent. */
export function reconciliationFamilies(
  status: { ok: boolean; breakCount: number; ranAt: Date } | undefined,
): MetricFamily[] {
  if (!status) return [];
  return [
    {
      name: 'ledger_reconciliation_ok',
      help: '1 when the last ledger reconciliation found every invariant holding, else 0.',
      type: 'gauge',
      samples: [{ value: status.ok ? 1 : 0 }],
    },
    {
      name: 'ledger_reconciliation_breaks',
      help: 'Broken invariants the last ledger reconciliation found.',
      type: 'gauge',
      samples: [{ value: status.breakCount }],
    },
    {
      name: 'ledger_reconciliation_last_run_timestamp_seconds',
      help: 'When the last ledger reconciliation ran (Unix time).',
      type: 'gauge',
      samples: [{ value: Math.floor(status.ranAt.getTime() / MS_PER_SECOND) }],
    },
  ];
}

export function loadFamilies(state: {
  shedding: boolean;
  shedTotal: number;
  requestsInFlight: number;
}): MetricFamily[] {
  return [
    {
      name: 'http_load_shedding_active',
      help: '1 while this instance refuses API requests to stay within its bounds.',
      type: 'gauge',
      samples: [{ value: state.shedding ? 1 : 0 }],
    },
    {
      name: 'http_requests_shed_total',
      help: 'API requests refused with 503 by load shedding.',
      type: 'counter',
      samples: [{ value: state.shedTotal }],
    },
    {
      name: 'http_requests_in_flight',
      help: 'Requests being answered now.',
      type: 'gauge',
      samples: [{ value: state.requestsInFlight }],
    },
  ];
}
