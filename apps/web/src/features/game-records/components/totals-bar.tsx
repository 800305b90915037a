import type { GameRecordTotals } from '@app/contract/client';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MoneyText } from './money-text';

/** Totals of a whole filtered set of rounds (not only the page shown). */
export function TotalsBar({ totals }: { totals: GameRecordTotals }) {
  const { t } = useTranslation('records');
  const items = [
    { key: 'total_stake', amount: totals.stake, profit: false },
    { key: 'total_win', amount: totals.win, profit: false },
    { key: 'total_refunded', amount: totals.refunded, profit: false },
    { key: 'total_profit', amount: totals.profit, profit: true },
  ];
  return (
    <Paper withBorder p="sm" radius="md" aria-label={t('totals')} role="group">
      <Group justify="space-between" wrap="wrap" gap="md">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('totals')}
          </Text>
          <Text fw={600} size="sm" data-testid="totals-rounds">
            {t('total_rounds', { count: totals.rounds })}
          </Text>
        </Stack>
        {items.map((item) => (
          <Stack key={item.key} gap={0} data-testid={item.key}>
            <Text size="xs" c="dimmed">
              {t(item.key)}
            </Text>
            <MoneyText amount={item.amount} profit={item.profit} fw={600} />
          </Stack>
        ))}
      </Group>
    </Paper>
  );
}
