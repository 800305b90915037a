import { Loader, Stack, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserProfit } from '../api/team';
import { EmptyNote, ErrorNote, Money, MoreButton, PeriodPicker } from '../components/centre-parts';
import { usePeriod } from '../hooks/use-period';

/** Search typing waits this long before it asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

/** User profit and loss: each downline member's bets, wins, deposits and withdrawals. */
export default function UserProfitPage() {
  const { t } = useTranslation('agent-centre');
  const { preset, setPreset, period } = usePeriod();
  const [search, setSearch] = useState('');
  const [account] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useUserProfit({
    ...period,
    allLevels: 'true',
    ...(account ? { account } : {}),
  });
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="md" data-testid="agent-user-profit">
      <PeriodPicker value={preset} onChange={setPreset} />
      <TextInput
        size="xs"
        placeholder={t('search_account')}
        aria-label={t('search_account')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {list.error && <ErrorNote error={list.error} />}
      {list.isPending && <Loader size="sm" />}
      {list.data && rows.length === 0 && <EmptyNote />}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('account')}</Table.Th>
                <Table.Th ta="right">{t('level')}</Table.Th>
                <Table.Th ta="right">{t('bets')}</Table.Th>
                <Table.Th ta="right">{t('wins')}</Table.Th>
                <Table.Th ta="right">{t('profit_loss')}</Table.Th>
                <Table.Th ta="right">{t('deposits')}</Table.Th>
                <Table.Th ta="right">{t('withdrawals')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.memberId}>
                  <Table.Td>{row.account}</Table.Td>
                  <Table.Td ta="right">{row.level}</Table.Td>
                  <Table.Td ta="right">
                    <Money amount={row.betAmount} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={row.winAmount} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={row.profitLoss} signed />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={row.depositAmount} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={row.withdrawalAmount} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <MoreButton
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onMore={() => void list.fetchNextPage()}
      />
    </Stack>
  );
}
