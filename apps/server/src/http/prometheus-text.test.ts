import { describe, expect, it } from 'vitest';
import {
  encodeMetrics,
  escapeHelp,
  escapeLabelValue,
  formatValue,
  histogramSamples,
} from './prometheus-text.js';

describe('the Prometheus text encoder', () => {
  it('escapes backslash, double quote and line feed in label values', () => {
    expect(escapeLabelValue('a\\b"c\nd')).toBe('a\\\\b\\"c\\nd');
  });

  it('escapes only backslash and line feed in help texts', () => {
    expect(escapeHelp('say "hi"\\\nnext')).toBe('say "hi"\\\\\\nnext');
  });

  it('spells infinities, NaN and bigints as the format does', () => {
    expect(formatValue(Number.POSITIVE_INFINITY)).toBe('+Inf');
    expect(formatValue(Number.NEGATIVE_INFINITY)).toBe('-Inf');
    expect(formatValue(Number.NaN)).toBe('NaN');
    expect(formatValue(12_345_678_901_234_567_890n)).toBe('12345678901234567890');
    expect(formatValue(0.25)).toBe('0.25');
  });

  it('writes HELP and TYPE once per family, then its samples with escaped labels', () => {
    const text = encodeMetrics([
      {
        name: 'http_requests_total',
        help: 'Answered requests.',
        type: 'counter',
        samples: [
          { labels: { route: '/api/a"b', status_class: '2xx' }, value: 3 },
          { labels: { route: '(unmatched)', status_class: '4xx' }, value: 1 },
        ],
      },
      { name: 'process_uptime_seconds', help: 'Uptime.', type: 'gauge', samples: [{ value: 7 }] },
    ]);
    expect(text).toBe(
      [
        '# HELP http_requests_total Answered requests.',
        '# TYPE http_requests_total counter',
        'http_requests_total{route="/api/a\\"b",status_class="2xx"} 3',
        'http_requests_total{route="(unmatched)",status_class="4xx"} 1',
        '# HELP process_uptime_seconds Uptime.',
        '# TYPE process_uptime_seconds gauge',
        'process_uptime_seconds 7',
        '',
      ].join('\n'),
    );
  });

  it('refuses metric and label names the format does not allow', () => {
    expect(() =>
      encodeMetrics([{ name: 'bad-name', help: '', type: 'gauge', samples: [] }]),
    ).toThrow(/invalid metric name/);
    expect(() =>
      encodeMetrics([
        { name: 'ok', help: '', type: 'gauge', samples: [{ labels: { 'a-b': 'x' }, value: 1 }] },
      ]),
    ).toThrow(/invalid metric label name/);
  });

  it('makes cumulative histogram buckets ending in +Inf, with sum and count', () => {
    const samples = histogramSamples({ route: '/x' }, [0.1, 1], [2, 1, 4], 5.5, 7);
    expect(samples).toEqual([
      { suffix: '_bucket', labels: { route: '/x', le: '0.1' }, value: 2 },
      { suffix: '_bucket', labels: { route: '/x', le: '1' }, value: 3 },
      { suffix: '_bucket', labels: { route: '/x', le: '+Inf' }, value: 7 },
      { suffix: '_sum', labels: { route: '/x' }, value: 5.5 },
      { suffix: '_count', labels: { route: '/x' }, value: 7 },
    ]);
  });
});
