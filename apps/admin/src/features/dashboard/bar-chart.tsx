import { Text } from '@mantine/core';

export interface BarDatum {
  label: string;
  value: number;
  /** The value as shown (amounts with two decimals). */
  display: string;
}

const ROW_HEIGHT_PX = 28;
const LABEL_WIDTH_PX = 120;
const VALUE_WIDTH_PX = 110;
const CHART_WIDTH_PX = 560;
const BAR_AREA_PX = CHART_WIDTH_PX - LABEL_WIDTH_PX - VALUE_WIDTH_PX;

/**
 * Horizontal bars in plain SVG: a dashboard needs a handful of bars, not a chart library's
 * hundred kilobytes. Negative values (a category the house lost) draw in red from zero.
 */
export function BarChart({ data, title }: { data: BarDatum[]; title: string }) {
  if (data.length === 0) return null;
  const largest = Math.max(...data.map((datum) => Math.abs(datum.value)), 1);
  const height = data.length * ROW_HEIGHT_PX;
  return (
    <svg
      role="img"
      aria-label={title}
      viewBox={`0 0 ${CHART_WIDTH_PX} ${height}`}
      width="100%"
      style={{ maxWidth: CHART_WIDTH_PX }}
      data-testid="dashboard-chart"
    >
      <title>{title}</title>
      {data.map((datum, index) => {
        const y = index * ROW_HEIGHT_PX;
        const width = (Math.abs(datum.value) / largest) * BAR_AREA_PX;
        return (
          <g key={datum.label}>
            <text x={0} y={y + 18} fontSize={13} fill="currentColor">
              {datum.label}
            </text>
            <rect
              x={LABEL_WIDTH_PX}
              y={y + 6}
              width={Math.max(width, 1)}
              height={ROW_HEIGHT_PX - 12}
              rx={3}
              fill={datum.value < 0 ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-teal-6)'}
            />
            <text x={CHART_WIDTH_PX} y={y + 18} fontSize={13} fill="currentColor" textAnchor="end">
              {datum.display}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export function EmptyChart({ text }: { text: string }) {
  return (
    <Text c="dimmed" size="sm">
      {text}
    </Text>
  );
}
