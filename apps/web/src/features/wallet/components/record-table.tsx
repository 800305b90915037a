import { formatAmount, MAIN_WALLET, type RecordPage } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Group, Pagination, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CardList, type CardListColumn } from '../../../components/card-list/card-list';

export interface RecordTableProps {
  page: RecordPage | undefined;
  isPending: boolean;
  error: unknown;
  onPageChange: (pageNo: number) => void;
  /** Names of vendor wallets by code; a code without a name shows as itself. */
  walletNames?: ReadonlyMap<string, string>;
}

/** Below this the records table scrolls sideways on wide screens (phones get cards instead). */
const RECORDS_TABLE_MIN_WIDTH_PX = 560;
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
  type Entry = RecordPage['list'][number];
  const columns: CardListColumn<Entry>[] = [
    { key: 'time', header: t('col_time'), cell: (row) => time.format(new Date(row.time)) },
    {
      key: 'type',
      header: t('col_type'),
      heading: true,
      cell: (row) => t(`type_${row.type}`, { defaultValue: row.type }),
    },
    {
      key: 'wallet',
      header: t('col_wallet'),
      cell: (row) =>
        row.wallet === MAIN_WALLET
          ? t(`wallet_${row.asset}`)
          : (walletNames?.get(row.wallet) ?? row.wallet),
    },
    {
      key: 'amount',
      header: t('col_amount'),
      align: 'right',
      cell: (row) => (
        <Text span size="sm" c={row.amount < 0 ? 'red' : 'teal'} ff="monospace">
          {`${row.amount > 0 ? '+' : ''}${formatAmount(row.amount)}`}
        </Text>
      ),
    },
    {
      key: 'balance',
      header: t('col_balance_after'),
      align: 'right',
      cell: (row) => (
        <Text span size="sm" ff="monospace">
          {formatAmount(row.balanceAfter)}
        </Text>
      ),
    },
    {
      key: 'reference',
      header: t('col_reference'),
      cell: (row) => (
        <Text span size="xs" c="dimmed" truncate maw={160} title={row.reference}>
          {row.reference}
        </Text>
      ),
    },
  ];
  return (
    <>
      <CardList
        columns={columns}
        rows={page.list}
        rowKey={(row) => String(row.id)}
        label={t('records_table')}
        minWidthPx={RECORDS_TABLE_MIN_WIDTH_PX}
      />
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
