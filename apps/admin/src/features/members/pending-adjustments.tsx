import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useCan, useConsoleSession } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatAmount, formatDateTime } from '../../lib/format';
import {
  type PendingAdjustment,
  pendingAdjustmentPages,
  useDecideAdjustment,
  useFirstPage,
} from './api/member-calls';

type Decision = { approve: boolean; request: PendingAdjustment } | null;

function DecisionModal({ decision, onClose }: { decision: Decision; onClose: () => void }) {
  const { t } = useTranslation();
  const decide = useDecideAdjustment();
  const [reason, setReason] = useState('');
  if (!decision) return null;
  const { request, approve } = decision;
  const submit = () =>
    decide.mutate(
      { requestId: request.id, approve, reason: reason.trim() },
      { onSuccess: onClose },
    );
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(approve ? 'members.pending.approveTitle' : 'members.pending.rejectTitle')}
    >
      <Stack>
        <Text>
          {t(request.amount > 0 ? 'members.pending.credit' : 'members.pending.debit', {
            amount: formatAmount(Math.abs(request.amount)),
            currency: request.currency,
            account: request.account,
          })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('members.pending.askedBy', { username: request.requestedByUsername })} —{' '}
          {request.reason}
        </Text>
        {!approve && (
          <Textarea
            label={t('members.pending.rejectReason')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-testid="adjustment-reject-reason"
          />
        )}
        {decide.error && (
          <Alert color="red" data-testid="adjustment-decide-error">
            {errorText(t, decide.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('members.cancel')}
          </Button>
          <Button
            color={approve ? undefined : 'red'}
            loading={decide.isPending}
            disabled={!approve && reason.trim() === ''}
            onClick={submit}
            data-testid="adjustment-decide-confirm"
          >
            {t(approve ? 'members.pending.approve' : 'members.pending.reject')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function pendingColumns(
  t: TFunction,
  canDecide: boolean,
  ownId: string | undefined,
  setDecision: (decision: Decision) => void,
): DataTableColumn<PendingAdjustment>[] {
  return [
    {
      key: 'requestedAt',
      header: t('members.pending.requestedAt'),
      cell: (row) => formatDateTime(row.requestedAtMs),
    },
    {
      key: 'account',
      header: t('members.account'),
      cell: (row) => (
        <Text component={Link} to={`/members/${row.memberId}`} c="blue">
          {row.account}
        </Text>
      ),
    },
    {
      key: 'amount',
      header: t('members.pending.amount'),
      align: 'right',
      cell: (row) => (
        <Text span c={row.amount < 0 ? 'red' : undefined}>
          {formatAmount(row.amount)} {row.currency}
        </Text>
      ),
    },
    { key: 'reason', header: t('members.pending.reason'), cell: (row) => row.reason },
    {
      key: 'requestedBy',
      header: t('members.pending.requestedBy'),
      cell: (row) => row.requestedByUsername,
    },
    {
      key: 'actions',
      header: '',
      cell: (row) =>
        ownId === row.requestedBy ? (
          <Text size="xs" c="dimmed">
            {t('members.pending.yours')}
          </Text>
        ) : (
          canDecide && (
            <Group gap="xs" wrap="nowrap">
              <Button
                size="xs"
                onClick={() => setDecision({ approve: true, request: row })}
                data-testid="adjustment-approve"
              >
                {t('members.pending.approve')}
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                onClick={() => setDecision({ approve: false, request: row })}
                data-testid="adjustment-reject"
              >
                {t('members.pending.reject')}
              </Button>
            </Group>
          )
        ),
    },
  ];
}

/** Adjustments above the merchant's limit, oldest first, for a second operator to decide. */
export function PendingAdjustments({ memberId }: { memberId?: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const session = useConsoleSession();
  const [decision, setDecision] = useState<Decision>(null);
  const pages = pendingAdjustmentPages(memberId);
  const first = useFirstPage(pages);
  const ownId = session.data?.operator.id;
  return (
    <Stack data-testid="pending-adjustments">
      {first.data && (
        <Text size="sm" c="dimmed">
          {t('members.pending.limit', { amount: formatAmount(first.data.secondApprovalAbove) })}
        </Text>
      )}
      <DataTable
        columns={pendingColumns(
          t,
          can('members:approve-adjustment'),
          ownId === undefined ? undefined : String(ownId),
          setDecision,
        )}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-testid': 'pending-adjustment-row', 'data-request-id': row.id })}
        queryKey={pages.queryKey}
        fetchPage={pages.fetchPage}
        emptyText={t('members.pending.empty')}
        emptyTestId="pending-empty"
        previousLabel={t('members.previous')}
        nextLabel={t('members.next')}
        minWidth={820}
      />
      <DecisionModal decision={decision} onClose={() => setDecision(null)} />
    </Stack>
  );
}
