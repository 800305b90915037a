/**
 * Prometheus text exposition format 0.0.4, written here rather than pulled in as a dependency:
 * the server exposes a few dozen series and needs only counters, gauges and histograms.
 */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export type MetricType = 'counter' | 'gauge' | 'histogram';
export type Labels = Readonly<Record<string, string>>;

export interface Sample {
  /** Appended to the family's name (`_bucket`, `_sum`, `_count`); empty for plain series. */
  suffix?: string;
  labels?: Labels;
  value: number | bigint;
}

export interface MetricFamily {
  name: string;
  help: string;
  type: MetricType;
  samples: readonly Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** A label value inside double quotes: backslash, double quote and line feed are escaped. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** HELP text: only backslash and line feed are escaped (a quote is plain text there). */
export function escapeHelp(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

/** Numbers as the format spells them: `+Inf`, `-Inf`, `NaN`, or the decimal figure. */
export function formatValue(value: number | bigint): string {
  if (typeof value === 'bigint') return value.toString();
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(value);
}

function formatLabels(labels: Labels | undefined): string {
  if (!labels) return '';
  const pairs = Object.entries(labels).map(([name, value]) => {
    if (!LABEL_NAME.test(name)) throw new Error(`invalid metric label name: ${name}`);
    return `${name}="${escapeLabelValue(value)}"`;
  });
  return pairs.length > 0 ? `{${pairs.join(',')}}` : '';
}

/** The whole exposition: one HELP and TYPE line per family, then its samples. */
export function encodeMetrics(families: readonly MetricFamily[]): string {
  const lines: string[] = [];
  for (const family of families) {
    if (!METRIC_NAME.test(family.name)) throw new Error(`invalid metric name: ${family.name}`);
    lines.push(`# HELP ${family.name} ${escapeHelp(family.help)}`);
    lines.push(`# TYPE ${family.name} ${family.type}`);
    for (const sample of family.samples) {
      const name = `${family.name}${sample.suffix ?? ''}`;
      lines.push(`${name}${formatLabels(sample.labels)} ${formatValue(sample.value)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Cumulative histogram series (`_bucket` with `le`, `_sum`, `_count`) of one label set. */
export function histogramSamples(
  labels: Labels,
  bucketBounds: readonly number[],
  bucketCounts: readonly number[],
  sum: number,
  count: number,
): Sample[] {
  const samples: Sample[] = [];
  let cumulative = 0;
  bucketBounds.forEach((bound, index) => {
    cumulative += bucketCounts[index] ?? 0;
    samples.push({
      suffix: '_bucket',
      labels: { ...labels, le: formatValue(bound) },
      value: cumulative,
    });
  });
  samples.push({ suffix: '_bucket', labels: { ...labels, le: '+Inf' }, value: count });
  samples.push({ suffix: '_sum', labels, value: sum });
  samples.push({ suffix: '_count', labels, value: count });
  return samples;
}
