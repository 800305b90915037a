import { formatAmount } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Loader, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevenue } from '../api/contracts';

/** Days the income page shows, ending today (UTC). */
const INCOME_DAYS = 30;
const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** My income (agentRevenueReport): salary, dividend and commission per day, and the totals. */
export function IncomePage() {
  const { t } = useTranslation(['agent-contracts', 'errors']);
  const [range] = useState(() => ({
    from: dayOf(Date.now() - (INCOME_DAYS - 1) * DAY_MS),
    to: dayOf(Date.now()),
  }));
  const revenue = useRevenue(range);
  if (revenue.isPending) return <Loader size="sm" />;
  if (revenue.error) return <Alert color="red">{errorText(t, revenue.error)}</Alert>;
  const { total, list } = revenue.data;
  const figures = [
    ['salary', total.salary],
    ['dividend', total.dividend],
    ['commission', total.commission],
    ['paid_to_downline', total.paidToDownline],
    ['net', total.net],
  ] as const;
  return (
    <Stack gap="md" data-testid="agent-income">
      <Text size="sm" c="dimmed">
        {t('income.range', { from: range.from, to: range.to })}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        {figures.map(([key, value]) => (
          <Stack gap={2} key={key}>
            <Text size="xs" c="dimmed">
              {t(`income.${key}`)}
            </Text>
            <Text fw={700} data-testid={`income-${key}`}>
              {formatAmount(value)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {list.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('income.none')}
        </Text>
      ) : (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('income.day')}</Table.Th>
              <Table.Th>{t('income.salary')}</Table.Th>
              <Table.Th>{t('income.dividend')}</Table.Th>
              <Table.Th>{t('income.commission')}</Table.Th>
              <Table.Th>{t('income.paid_to_downline')}</Table.Th>
              <Table.Th>{t('income.net')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((row) => (
              <Table.Tr key={row.day}>
                <Table.Td>{row.day}</Table.Td>
                <Table.Td>{formatAmount(row.salary)}</Table.Td>
                <Table.Td>{formatAmount(row.dividend)}</Table.Td>
                <Table.Td>{formatAmount(row.commission)}</Table.Td>
                <Table.Td>{formatAmount(row.paidToDownline)}</Table.Td>
                <Table.Td>{formatAmount(row.net)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
