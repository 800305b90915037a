import type { DownlineTransaction } from '@app/contract/client';
import { Badge, Divider, Loader, Select, Stack, Table } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentPageProps } from '../agent-page-props';
import { agentTeamKey, useDownlineTransactions } from '../api/team';
import { EmptyNote, ErrorNote, Money, MoreButton, PeriodPicker } from '../components/centre-parts';
import { usePeriod } from '../hooks/use-period';

// The transfer form (amount and payment password fields) is a chunk of its own.
const TransferDownlineForm = lazy(() =>
  import('../components/transfer-downline-form').then((module) => ({
    default: module.TransferDownlineForm,
  })),
);

const kinds = ['deposit', 'withdrawal', 'transfer'] as const;
type Kind = DownlineTransaction['kind'];

/**
 * Transaction details of the downline (deposits, withdrawals, transfers), and the transfer to
 * a direct downline, whose records show here.
 */
export default function DownlineTransactionsPage({ onMoneyMoved }: AgentPageProps) {
  const { t } = useTranslation('agent-centre');
  const queryClient = useQueryClient();
  const { preset, setPreset, period } = usePeriod();
  const [kind, setKind] = useState<Kind | null>(null);
  const list = useDownlineTransactions({ ...period, ...(kind ? { kind } : {}) });
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="md" data-testid="agent-transactions">
      <Suspense fallback={<Loader size="sm" />}>
        <TransferDownlineForm
          onTransferred={() => {
            onMoneyMoved?.();
            void queryClient.invalidateQueries({ queryKey: agentTeamKey });
          }}
        />
      </Suspense>
      <Divider />
      <PeriodPicker value={preset} onChange={setPreset} />
      <Select
        size="xs"
        w={200}
        clearable
        placeholder={t('all_kinds')}
        aria-label={t('kind')}
        value={kind}
        onChange={(value) => setKind(value as Kind | null)}
        data={kinds.map((value) => ({ value, label: t(`kind_${value}`) }))}
      />
      {list.error && <ErrorNote error={list.error} />}
      {list.isPending && <Loader size="sm" />}
      {list.data && rows.length === 0 && <EmptyNote />}
      {rows.length > 0 && (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('time')}</Table.Th>
              <Table.Th>{t('account')}</Table.Th>
              <Table.Th>{t('kind')}</Table.Th>
              <Table.Th ta="right">{t('amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{new Date(row.atMs).toLocaleString()}</Table.Td>
                <Table.Td>{row.account}</Table.Td>
                <Table.Td>
                  <Badge variant="light" size="sm">
                    {t(`kind_${row.kind}`)}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">
                  <Money amount={row.amount} signed />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <MoreButton
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onMore={() => void list.fetchNextPage()}
      />
    </Stack>
  );
}
