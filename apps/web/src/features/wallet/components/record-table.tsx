import { formatAmount, MAIN_WALLET, type RecordPage } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Group, Pagination, ScrollArea, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface RecordTableProps {
  page: RecordPage | undefined;
  isPending: boolean;
  error: unknown;
  onPageChange: (pageNo: number) => void;
  /** Names of vendor wallets by code; a code without a name shows as itself. */
  walletNames?: ReadonlyMap<string, string>;
}

/** The placeholder keeps about a page of rows' height while the first page loads. */
const SKELETON_HEIGHT_PX = 180;

/** One page of ledger entries (account record, bonus details) with its pager. */
export function RecordTable({
  page,
  isPending,
  error,
  onPageChange,
  walletNames,
}: RecordTableProps) {
  const { t, i18n } = useTranslation('centre');
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText(t, error)}
      </Alert>
    );
  }
  if (isPending || !page) {
    return <Skeleton height={SKELETON_HEIGHT_PX} />;
  }
  if (page.list.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('no_records')}
      </Text>
    );
  }
  const time = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  return (
    <>
      <ScrollArea>
        <Table striped highlightOnHover miw={560} aria-label={t('records_table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('col_time')}</Table.Th>
              <Table.Th>{t('col_type')}</Table.Th>
              <Table.Th>{t('col_wallet')}</Table.Th>
              <Table.Th ta="right">{t('col_amount')}</Table.Th>
              <Table.Th ta="right">{t('col_balance_after')}</Table.Th>
              <Table.Th>{t('col_reference')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.list.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{time.format(new Date(row.time))}</Table.Td>
                <Table.Td>{t(`type_${row.type}`, { defaultValue: row.type })}</Table.Td>
                <Table.Td>
                  {row.wallet === MAIN_WALLET
                    ? t(`wallet_${row.asset}`)
                    : (walletNames?.get(row.wallet) ?? row.wallet)}
                </Table.Td>
                <Table.Td ta="right" c={row.amount < 0 ? 'red' : 'teal'} ff="monospace">
                  {`${row.amount > 0 ? '+' : ''}${formatAmount(row.amount)}`}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatAmount(row.balanceAfter)}
                </Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed" truncate maw={160} title={row.reference}>
                    {row.reference}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed">
          {t('total_count', { count: page.totalCount })}
        </Text>
        {page.totalPages > 1 && (
          <Pagination
            total={page.totalPages}
            value={page.pageNo}
            onChange={onPageChange}
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({ 'aria-label': t(`page_${control}`) })}
            getItemProps={(pageNo) => ({ 'aria-label': t('page_no', { pageNo }) })}
          />
        )}
      </Group>
    </>
  );
}
