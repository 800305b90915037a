import { adminExportPaths } from '@app/contract/client';
import { Badge, Button, Group, Tabs, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, withQuery } from '../../components/data-table';
import { useCan } from '../../lib/console-session';
import { formatDateTime } from '../../lib/format';
import {
  type AdminDeposit,
  type DepositStatus,
  depositPages,
  depositStatuses,
} from './api/deposit-calls';
import { ApproveDepositModal, RejectDepositModal } from './decision-modals';

type Decision = { kind: 'approve' | 'reject'; deposit: AdminDeposit } | null;

function DecisionButtons({
  deposit,
  onDecide,
}: {
  deposit: AdminDeposit;
  onDecide: (decision: Decision) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        onClick={() => onDecide({ kind: 'approve', deposit })}
        data-testid="deposit-approve"
      >
        {t('deposits.approve')}
      </Button>
      <Button
        size="xs"
        color="red"
        variant="light"
        onClick={() => onDecide({ kind: 'reject', deposit })}
        data-testid="deposit-reject"
      >
        {t('deposits.reject')}
      </Button>
    </Group>
  );
}

function depositColumns(
  t: TFunction,
  canDecide: boolean,
  onDecide: (decision: Decision) => void,
): DataTableColumn<AdminDeposit>[] {
  return [
    {
      key: 'createdAt',
      header: t('deposits.createdAt'),
      cell: (row) => formatDateTime(row.createdAt),
    },
    { key: 'member', header: t('deposits.member'), cell: (row) => row.memberAccount },
    {
      key: 'amount',
      header: t('deposits.amount'),
      testId: 'deposit-amount',
      amount: { value: (row) => row.amount, currency: (row) => row.currency },
    },
    { key: 'reference', header: t('deposits.reference'), cell: (row) => row.payerReference ?? '—' },
    {
      key: 'status',
      header: t('deposits.statusLabel'),
      cell: (row) => (
        <>
          <Badge variant="light">{t(`deposits.status.${row.status}`)}</Badge>
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
          <DecisionButtons deposit={row} onDecide={onDecide} />
        ) : null,
    },
  ];
}

function DepositTable({
  status,
  onDecide,
}: {
  status: DepositStatus;
  onDecide: (decision: Decision) => void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const pages = depositPages(status);
  return (
    <DataTable
      columns={depositColumns(t, can('deposits:decide'), onDecide)}
      rowKey={(row) => row.depositId}
      rowProps={(row) => ({ 'data-testid': 'deposit-row', 'data-deposit-id': row.depositId })}
      queryKey={pages.queryKey}
      fetchPage={pages.fetchPage}
      exportHref={withQuery(adminExportPaths.deposits, { status })}
      emptyText={t('deposits.empty')}
      emptyTestId="deposits-empty"
    />
  );
}

export default function DepositsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<DepositStatus>('pending');
  const [decision, setDecision] = useState<Decision>(null);
  const close = () => setDecision(null);
  return (
    <>
      <Title order={2} mb="md">
        {t('deposits.title')}
      </Title>
      <Tabs value={status} onChange={(value) => value && setStatus(value as DepositStatus)}>
        <Tabs.List mb="md">
          {depositStatuses.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`deposits-tab-${value}`}>
              {t(`deposits.status.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <DepositTable status={status} onDecide={setDecision} />
      {decision?.kind === 'approve' && (
        <ApproveDepositModal deposit={decision.deposit} onClose={close} onDone={close} />
      )}
      {decision?.kind === 'reject' && (
        <RejectDepositModal deposit={decision.deposit} onClose={close} onDone={close} />
      )}
    </>
  );
}
