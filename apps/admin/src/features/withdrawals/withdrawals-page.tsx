import { adminWithdrawalsCall } from '@app/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callAdmin } from '../../lib/api-client';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatAmount, formatDateTime } from '../../lib/format';
import type { AdminWithdrawal } from './admin-withdrawal';
import { ApproveModal, RejectModal } from './decision-modals';

const statuses = ['pending', 'approved', 'rejected'] as const;
type Status = (typeof statuses)[number];
/** Rows per page: a screen's worth; the server allows up to ADMIN_WITHDRAWAL_PAGE_SIZE_MAX. */
const PAGE_SIZE = 20;

type Decision = { kind: 'approve' | 'reject'; withdrawal: AdminWithdrawal } | null;

function WithdrawalRow({
  row,
  canDecide,
  onDecide,
}: {
  row: AdminWithdrawal;
  canDecide: boolean;
  onDecide: (decision: Decision) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="withdrawal-row" data-withdrawal-id={row.withdrawalId}>
      <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
      <Table.Td>{row.memberAccount}</Table.Td>
      <Table.Td ta="right">
        {formatAmount(row.amount)} {row.currency}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{row.bankAccount.bankName}</Text>
        <Text size="xs" c="dimmed">
          {row.bankAccount.accountName} · {row.bankAccount.accountNumberMasked}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light">{t(`withdrawals.status.${row.status}`)}</Badge>
        {row.rejectReason && (
          <Text size="xs" c="dimmed">
            {row.rejectReason}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {canDecide && row.status === 'pending' && (
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
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export default function WithdrawalsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>('pending');
  const [pageNo, setPageNo] = useState(1);
  const [decision, setDecision] = useState<Decision>(null);
  const list = useQuery({
    queryKey: ['withdrawals', status, pageNo],
    queryFn: ({ signal }) =>
      callAdmin(adminWithdrawalsCall, { query: { status, pageNo, pageSize: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
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
          onChange={(value) => {
            setStatus(value as Status);
            setPageNo(1);
          }}
          data={statuses.map((value) => ({ value, label: t(`withdrawals.status.${value}`) }))}
        />
      </Group>
      {list.error && <Alert color="red">{errorText(t, list.error)}</Alert>}
      {list.data && list.data.list.length === 0 && (
        <Text c="dimmed" data-testid="withdrawals-empty">
          {t('withdrawals.empty')}
        </Text>
      )}
      {list.data && list.data.list.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('withdrawals.createdAt')}</Table.Th>
                <Table.Th>{t('withdrawals.member')}</Table.Th>
                <Table.Th ta="right">{t('withdrawals.amount')}</Table.Th>
                <Table.Th>{t('withdrawals.bank')}</Table.Th>
                <Table.Th>{t('withdrawals.statusLabel')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.list.map((row) => (
                <WithdrawalRow
                  key={row.withdrawalId}
                  row={row}
                  canDecide={can('withdrawals:decide')}
                  onDecide={setDecision}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && list.data.totalPages > 1 && (
        <Pagination total={list.data.totalPages} value={pageNo} onChange={setPageNo} />
      )}
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
