import { adminExportPaths, adminWithdrawalsCall } from '@app/contract';
import { Badge, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, withQuery } from '../../components/data-table';
import { callAdmin } from '../../lib/api-client';
import { useCan } from '../../lib/console-session';
import { formatDateTime } from '../../lib/format';
import type { AdminWithdrawal } from './admin-withdrawal';
import { ApproveModal, RejectModal } from './decision-modals';

const statuses = ['pending', 'approved', 'rejected'] as const;
type Status = (typeof statuses)[number];
/** Rows per page: a screen's worth; the server allows up to CURSOR_PAGE_LIMIT_MAX. */
const PAGE_SIZE = 20;

type Decision = { kind: 'approve' | 'reject'; withdrawal: AdminWithdrawal } | null;

function DecisionButtons({
  row,
  onDecide,
}: {
  row: AdminWithdrawal;
  onDecide: (decision: Decision) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        onClick={() => onDecide({ kind: 'approve', withdrawal: row })}
        data-testid="approve"
      >
        {t('withdrawals.approve')}
      </Button>
      <Button
        size="xs"
        color="red"
        variant="light"
        onClick={() => onDecide({ kind: 'reject', withdrawal: row })}
        data-testid="reject"
      >
        {t('withdrawals.reject')}
      </Button>
    </Group>
  );
}

function withdrawalColumns(
  t: TFunction,
  canDecide: boolean,
  onDecide: (decision: Decision) => void,
): DataTableColumn<AdminWithdrawal>[] {
  return [
    {
      key: 'createdAt',
      header: t('withdrawals.createdAt'),
      cell: (row) => formatDateTime(row.createdAt),
    },
    { key: 'member', header: t('withdrawals.member'), cell: (row) => row.memberAccount },
    {
      key: 'amount',
      header: t('withdrawals.amount'),
      amount: { value: (row) => row.amount, currency: (row) => row.currency },
    },
    {
      key: 'bank',
      header: t('withdrawals.bank'),
      cell: (row) => (
        <>
          <Text size="sm">{row.bankAccount.bankName}</Text>
          <Text size="xs" c="dimmed">
            {row.bankAccount.accountName} · {row.bankAccount.accountNumberMasked}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      header: t('withdrawals.statusLabel'),
      cell: (row) => (
        <>
          <Badge variant="light">{t(`withdrawals.status.${row.status}`)}</Badge>
          {row.rejectReason && (
            <Text size="xs" c="dimmed">
              {row.rejectReason}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      header: '',
      cell: (row) =>
        canDecide && row.status === 'pending' ? (
          <DecisionButtons row={row} onDecide={onDecide} />
        ) : null,
    },
  ];
}

export default function WithdrawalsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>('pending');
  const [decision, setDecision] = useState<Decision>(null);
  const decided = () => {
    setDecision(null);
    void queryClient.invalidateQueries({ queryKey: ['withdrawals'] });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  };
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('withdrawals.title')}</Title>
        <SegmentedControl
          value={status}
          onChange={(value) => setStatus(value as Status)}
          data={statuses.map((value) => ({ value, label: t(`withdrawals.status.${value}`) }))}
        />
      </Group>
      <DataTable
        columns={withdrawalColumns(t, can('withdrawals:decide'), setDecision)}
        rowKey={(row) => row.withdrawalId}
        rowProps={(row) => ({
          'data-testid': 'withdrawal-row',
          'data-withdrawal-id': row.withdrawalId,
        })}
        queryKey={['withdrawals', status]}
        fetchPage={(cursor, signal) =>
          callAdmin(adminWithdrawalsCall, {
            query: { status, cursor, limit: PAGE_SIZE },
            signal,
          })
        }
        exportHref={withQuery(adminExportPaths.withdrawals, { status })}
        emptyText={t('withdrawals.empty')}
        emptyTestId="withdrawals-empty"
      />
      {decision?.kind === 'approve' && (
        <ApproveModal
          withdrawal={decision.withdrawal}
          onClose={() => setDecision(null)}
          onDone={decided}
        />
      )}
      {decision?.kind === 'reject' && (
        <RejectModal
          withdrawal={decision.withdrawal}
          onClose={() => setDecision(null)}
          onDone={decided}
        />
      )}
    </Stack>
  );
}
