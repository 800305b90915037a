import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import {
  type AdminRedemption,
  type RedemptionStatus,
  redemptionPages,
  redemptionStatuses,
  useApproveRedemption,
  useRejectRedemption,
} from './api/redemption-calls';
import { useLoyaltyTexts } from './texts';

type Decision = { kind: 'approve' | 'reject'; redemption: AdminRedemption } | null;

const statusColour: Record<RedemptionStatus, string> = {
  in_process: 'yellow',
  approved: 'teal',
  rejected: 'red',
};

function columns(
  t: TFunction,
  canDecide: boolean,
  onDecide: (decision: Decision) => void,
): DataTableColumn<AdminRedemption>[] {
  return [
    { key: 'appliedAt', header: t('appliedAt'), cell: (row) => formatDateTime(row.appliedAtMs) },
    { key: 'referenceNo', header: t('referenceNo'), cell: (row) => row.referenceNo },
    { key: 'member', header: t('member'), cell: (row) => row.account },
    {
      key: 'reward',
      header: t('reward'),
      cell: (row) => `${row.name} × ${row.quantity} (${t(`type.${row.type}`)})`,
    },
    { key: 'points', header: t('points'), cell: (row) => row.points.toLocaleString() },
    {
      key: 'amount',
      header: t('amount'),
      amount: { value: (row) => row.amount, currency: (row) => row.currency },
    },
    {
      key: 'status',
      header: t('statusLabel'),
      cell: (row) => (
        <>
          <Badge variant="light" color={statusColour[row.status]}>
            {t(`status.${row.status}`)}
          </Badge>
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
        canDecide && row.status === 'in_process' ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              onClick={() => onDecide({ kind: 'approve', redemption: row })}
              data-testid="redemption-approve"
            >
              {t('approve')}
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={() => onDecide({ kind: 'reject', redemption: row })}
              data-testid="redemption-reject"
            >
              {t('reject')}
            </Button>
          </Group>
        ) : null,
    },
  ];
}

function DecisionModal({
  decision,
  onClose,
}: {
  decision: NonNullable<Decision>;
  onClose: () => void;
}) {
  const { t } = useLoyaltyTexts();
  const approve = useApproveRedemption(decision.redemption, onClose);
  const reject = useRejectRedemption(decision.redemption, onClose);
  const [reason, setReason] = useState('');
  const { redemption } = decision;
  const mutation = decision.kind === 'approve' ? approve : reject;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(decision.kind === 'approve' ? 'approveTitle' : 'rejectTitle')}
    >
      <Stack>
        <Text data-testid="redemption-summary">
          {redemption.referenceNo} · {redemption.account} · {redemption.name} ×{' '}
          {redemption.quantity}
        </Text>
        <Text size="sm" c="dimmed">
          {t(decision.kind === 'approve' ? 'approveHint' : 'rejectHint')}
        </Text>
        {decision.kind === 'reject' && (
          <Textarea
            label={t('reason')}
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-testid="redemption-reject-reason"
          />
        )}
        {mutation.error && <Alert color="red">{errorText(t, mutation.error)}</Alert>}
        <Button
          color={decision.kind === 'approve' ? undefined : 'red'}
          loading={mutation.isPending}
          disabled={decision.kind === 'reject' && reason.trim() === ''}
          onClick={() => (decision.kind === 'approve' ? approve.mutate() : reject.mutate(reason))}
          data-testid="redemption-confirm"
        >
          {t(decision.kind)}
        </Button>
      </Stack>
    </Modal>
  );
}

/**
 * The point mall's redemption queue: In Process oldest first (goods and manual rewards wait
 * here), decided newest first. Approving spends the held points and pays a cash or bonus amount;
 * rejecting gives the points back and returns the stock.
 */
export default function RedemptionsPage() {
  const { t } = useLoyaltyTexts();
  const can = useCan();
  const [status, setStatus] = useState<RedemptionStatus>('in_process');
  const [decision, setDecision] = useState<Decision>(null);
  const pages = redemptionPages(status);
  return (
    <>
      <Title order={2} mb="md">
        {t('title')}
      </Title>
      <Tabs value={status} onChange={(value) => value && setStatus(value as RedemptionStatus)}>
        <Tabs.List mb="md">
          {redemptionStatuses.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`redemptions-tab-${value}`}>
              {t(`status.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <DataTable
        columns={columns(t, can('loyalty:decide'), setDecision)}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-testid': 'redemption-row', 'data-reference': row.referenceNo })}
        queryKey={pages.queryKey}
        fetchPage={pages.fetchPage}
        emptyText={t('empty')}
        emptyTestId="redemptions-empty"
      />
      {decision && <DecisionModal decision={decision} onClose={() => setDecision(null)} />}
    </>
  );
}
