import { adminDashboardCall } from '@app/contract';
import {
  Alert,
  Anchor,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callAdmin } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { formatAmount } from '../../lib/format';
import { BarChart, EmptyChart } from './bar-chart';
import { type DashboardPeriod, dashboardPeriods, periodRange } from './period';

const amountTotals = ['deposits', 'withdrawals', 'bets', 'wins', 'ggr', 'ngr'] as const;
const countTotals = ['newPlayers', 'activePlayers'] as const;

/** Where each pending queue is worked; a queue without a page yet shows its count alone. */
const queueLinks: Record<string, string | undefined> = {
  withdrawals: '/finance/withdrawals',
};

function TotalCard({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
    </Card>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<DashboardPeriod>('today');
  // The range is fixed when the period is chosen, so the query key (and its cache) is stable.
  const range = useMemo(() => periodRange(period, Date.now()), [period]);
  const dashboard = useQuery({
    queryKey: ['dashboard', range],
    queryFn: ({ signal }) => callAdmin(adminDashboardCall, { query: range, signal }),
  });
  const data = dashboard.data;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('dashboard.title')}</Title>
        <SegmentedControl
          value={period}
          onChange={(value) => setPeriod(value as DashboardPeriod)}
          data={dashboardPeriods.map((value) => ({
            value,
            label: t(`dashboard.periods.${value}`),
          }))}
          data-testid="dashboard-period"
        />
      </Group>
      {dashboard.error && <Alert color="red">{errorText(t, dashboard.error)}</Alert>}
      {data && (
        <>
          <Text size="sm" c="dimmed" data-testid="dashboard-currency">
            {t('dashboard.currency', { currency: data.currency })}
          </Text>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            {amountTotals.map((key) => (
              <TotalCard
                key={key}
                label={t(`dashboard.totals.${key}`)}
                value={formatAmount(data.totals[key])}
                testId={`total-${key}`}
              />
            ))}
            {countTotals.map((key) => (
              <TotalCard
                key={key}
                label={t(`dashboard.totals.${key}`)}
                value={String(data.totals[key])}
                testId={`total-${key}`}
              />
            ))}
          </SimpleGrid>
          <Title order={3}>{t('dashboard.pending')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {Object.entries(data.pending).map(([queue, count]) => {
              const to = queueLinks[queue];
              return (
                <Card withBorder key={queue} data-testid={`pending-${queue}`}>
                  <Text size="sm" c="dimmed">
                    {t(`dashboard.queues.${queue}`)}
                  </Text>
                  {to ? (
                    <Anchor component={Link} to={to} fw={700} fz="xl">
                      {count}
                    </Anchor>
                  ) : (
                    <Text fw={700} fz="xl">
                      {count}
                    </Text>
                  )}
                </Card>
              );
            })}
          </SimpleGrid>
          <Title order={3}>{t('dashboard.byCategory')}</Title>
          {data.categories.length === 0 ? (
            <EmptyChart text={t('dashboard.noPlay')} />
          ) : (
            <>
              <BarChart
                title={t('dashboard.ggrChart')}
                data={data.categories.map((row) => ({
                  label: row.category,
                  value: row.ggr,
                  display: formatAmount(row.ggr),
                }))}
              />
              <Table striped withTableBorder data-testid="dashboard-categories">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('dashboard.category')}</Table.Th>
                    <Table.Th ta="right">{t('dashboard.totals.bets')}</Table.Th>
                    <Table.Th ta="right">{t('dashboard.totals.wins')}</Table.Th>
                    <Table.Th ta="right">{t('dashboard.totals.ggr')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.categories.map((row) => (
                    <Table.Tr key={row.category}>
                      <Table.Td>{row.category}</Table.Td>
                      <Table.Td ta="right">{formatAmount(row.bets)}</Table.Td>
                      <Table.Td ta="right">{formatAmount(row.wins)}</Table.Td>
                      <Table.Td ta="right">{formatAmount(row.ggr)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          )}
        </>
      )}
    </Stack>
  );
}
