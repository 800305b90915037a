import { webVitalMetricNames } from '@app/contract';
import {
  Alert,
  Badge,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { errorText } from '../../lib/error-text';
import { useWebVitals } from './api';
import { useReportsTexts } from './texts';
import { formatP75, ratingOf, type WebVitalRating, webVitalsRows } from './web-vitals-table';

const DAY_MS = 86_400_000;
/** The periods an operator picks from; the longest is the samples' retention. */
const PERIOD_DAYS = ['1', '7', '30'] as const;
type PeriodDays = (typeof PERIOD_DAYS)[number];

const RATING_COLOURS: Record<WebVitalRating, string> = {
  good: 'teal',
  'needs-improvement': 'yellow',
  poor: 'red',
};

/**
 * Field Web Vitals (issue 24): the 75th percentile per page and device class over a period, each
 * coloured by Google's thresholds. The period's end is fixed when chosen, so that the query key
 * stays the same while the page is open.
 */
export default function WebVitalsPage() {
  const { t } = useReportsTexts();
  const [days, setDays] = useState<PeriodDays>('7');
  const period = useMemo(() => {
    const toMs = Date.now();
    return { fromMs: toMs - Number(days) * DAY_MS, toMs };
  }, [days]);
  const report = useWebVitals(period);
  const rows = useMemo(() => webVitalsRows(report.data?.groups ?? []), [report.data]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('webVitals.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('webVitals.intro')}
          </Text>
        </div>
        <SegmentedControl
          data-testid="web-vitals-period"
          value={days}
          onChange={(value) => setDays(value as PeriodDays)}
          data={PERIOD_DAYS.map((value) => ({
            value,
            label: t('webVitals.lastDays', { count: Number(value) }),
          }))}
        />
      </Group>
      {report.error ? <Alert color="red">{errorText(t, report.error)}</Alert> : null}
      {report.data?.truncated ? (
        <Alert color="yellow" data-testid="web-vitals-truncated">
          {t('webVitals.truncated')}
        </Alert>
      ) : null}
      <Paper withBorder p="sm">
        {rows.length === 0 && !report.isLoading ? (
          <Text c="dimmed" data-testid="web-vitals-empty">
            {t('webVitals.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('webVitals.route')}</Table.Th>
                  <Table.Th>{t('webVitals.device')}</Table.Th>
                  {webVitalMetricNames.map((metric) => (
                    <Table.Th key={metric}>{metric}</Table.Th>
                  ))}
                  <Table.Th ta="right">{t('webVitals.samples')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={`${row.route} ${row.device}`} data-testid="web-vitals-row">
                    <Table.Td ff="monospace">{row.route}</Table.Td>
                    <Table.Td>{t(`webVitals.devices.${row.device}`)}</Table.Td>
                    {webVitalMetricNames.map((metric) => {
                      const value = row.p75[metric];
                      return (
                        <Table.Td key={metric}>
                          {value === undefined ? (
                            '–'
                          ) : (
                            <Badge
                              variant="light"
                              tt="none"
                              color={RATING_COLOURS[ratingOf(metric, value)]}
                              data-testid={`web-vitals-${metric}`}
                              data-rating={ratingOf(metric, value)}
                            >
                              {formatP75(metric, value)}
                            </Badge>
                          )}
                        </Table.Td>
                      );
                    })}
                    <Table.Td ta="right">{row.samples.toLocaleString('en')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Text c="dimmed" size="xs">
        {t('webVitals.thresholds')}
      </Text>
    </Stack>
  );
}
