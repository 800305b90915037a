import { SegmentedControl, Stack, Text } from '@mantine/core';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './trend-chart.module.css';

export interface PositionTrend {
  /** The values a position can show (digits 0-9, die faces 1-6). */
  labels: readonly string[];
  /** Per value: how often it came in the draws counted. */
  frequency: readonly number[];
  /** Per value: draws since it last came (the "missing" count). */
  missing: readonly number[];
}

type TrendKind = 'frequency' | 'missing';

/**
 * Digit frequency or missing counts per position, as CSS bars (no chart library: the page is
 * a lazy chunk, and ten bars a row need none). Each bar is labelled for screen readers.
 */
export default function TrendChart({
  positions,
  draws,
}: {
  positions: readonly PositionTrend[];
  draws: number;
}) {
  const { t } = useTranslation('lottery');
  const [kind, setKind] = useState<TrendKind>('frequency');
  const max = Math.max(1, ...positions.flatMap((position) => position[kind]));
  return (
    <Stack gap="sm" data-testid="trend-chart">
      <SegmentedControl
        value={kind}
        onChange={(value) => setKind(value as TrendKind)}
        data={[
          { value: 'frequency', label: t('trend_frequency') },
          { value: 'missing', label: t('trend_missing') },
        ]}
        aria-label={t('trend_kind')}
      />
      <Text size="sm" c="dimmed">
        {t('trend_over', { count: draws })}
      </Text>
      <div className={classes.chart}>
        {positions.map((position, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: positions are fixed.
            key={index}
            className={classes.position}
            style={{ '--values': position.labels.length } as CSSProperties}
          >
            <span className={classes.label}>{t('position_n', { position: index + 1 })}</span>
            {position[kind].map((value, valueIndex) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: the value's place is its identity.
                key={valueIndex}
                className={classes.bar}
                role="img"
                aria-label={t(kind === 'frequency' ? 'trend_bar_frequency' : 'trend_bar_missing', {
                  position: index + 1,
                  digit: position.labels[valueIndex],
                  count: value,
                })}
              >
                <span>{value}</span>
                <span
                  className={classes.fill}
                  data-kind={kind}
                  style={{ height: `${(value / max) * 100}%` }}
                />
                <span className={classes.digit}>{position.labels[valueIndex]}</span>
              </div>
            ))}
          </div>
        ))}
      </div>
    </Stack>
  );
}
