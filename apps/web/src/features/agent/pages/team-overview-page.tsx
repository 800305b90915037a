import { formatAmount } from '@app/contract/client';
import { Group, Loader, SimpleGrid, Stack, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTeamOverview } from '../api/team';
import { ErrorNote, PeriodPicker, Stat, toneOf } from '../components/centre-parts';
import { usePeriod } from '../hooks/use-period';

/** Team overview: the downline by level, new today, active members and the period's figures. */
export default function TeamOverviewPage() {
  const { t } = useTranslation('agent-centre');
  const { preset, setPreset, period } = usePeriod('today');
  const overview = useTeamOverview(period);
  const data = overview.data;
  return (
    <Stack gap="md" data-testid="agent-team-overview">
      <PeriodPicker value={preset} onChange={setPreset} />
      {overview.error && <ErrorNote error={overview.error} />}
      {!data && !overview.error && <Loader size="sm" />}
      {data && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Stat label={t('downline_total')} value={data.downlineTotal.toLocaleString()} />
            <Stat label={t('new_today')} value={data.newToday.toLocaleString()} />
            <Stat label={t('active_members')} value={data.activeMembers.toLocaleString()} />
            <Stat label={t('rounds')} value={data.figures.rounds.toLocaleString()} />
            <Stat label={t('deposits')} value={formatAmount(data.figures.depositAmount)} />
            <Stat label={t('withdrawals')} value={formatAmount(data.figures.withdrawalAmount)} />
            <Stat label={t('bets')} value={formatAmount(data.figures.betAmount)} />
            <Stat
              label={t('profit_loss')}
              value={formatAmount(data.figures.profitLoss)}
              tone={toneOf(data.figures.profitLoss)}
            />
          </SimpleGrid>
          <Group justify="space-between">
            <Title order={5}>{t('by_level')}</Title>
          </Group>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('level')}</Table.Th>
                <Table.Th ta="right">{t('members')}</Table.Th>
                <Table.Th ta="right">{t('new_today')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.levels.map((level) => (
                <Table.Tr key={level.level}>
                  <Table.Td>{t('level_n', { level: level.level })}</Table.Td>
                  <Table.Td ta="right">{level.total.toLocaleString()}</Table.Td>
                  <Table.Td ta="right">{level.newToday.toLocaleString()}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
