import { Loader, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTeamBetting } from '../api/team';
import { EmptyNote, ErrorNote, Money, PeriodPicker } from '../components/centre-parts';
import { usePeriod } from '../hooks/use-period';

/** Team betting: the downline's bets by game category over a period. */
export default function TeamBettingPage() {
  const { t } = useTranslation('agent-centre');
  const { preset, setPreset, period } = usePeriod();
  const betting = useTeamBetting(period);
  const data = betting.data;
  return (
    <Stack gap="md" data-testid="agent-team-betting">
      <PeriodPicker value={preset} onChange={setPreset} />
      {betting.error && <ErrorNote error={betting.error} />}
      {!data && !betting.error && <Loader size="sm" />}
      {data && data.rows.length === 0 && <EmptyNote />}
      {data && data.rows.length > 0 && (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('game_category')}</Table.Th>
              <Table.Th ta="right">{t('rounds')}</Table.Th>
              <Table.Th ta="right">{t('bets')}</Table.Th>
              <Table.Th ta="right">{t('valid_bets')}</Table.Th>
              <Table.Th ta="right">{t('wins')}</Table.Th>
              <Table.Th ta="right">{t('profit_loss')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...data.rows, data.total].map((row) => (
              <Table.Tr key={row.gameCategory} fw={row === data.total ? 700 : undefined}>
                <Table.Td>{row === data.total ? t('total') : row.gameCategory}</Table.Td>
                <Table.Td ta="right">{row.rounds.toLocaleString()}</Table.Td>
                <Table.Td ta="right">
                  <Money amount={row.betAmount} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money amount={row.validBetAmount} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money amount={row.winAmount} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money amount={row.profitLoss} signed />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
