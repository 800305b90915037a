import { Alert, Badge, Button, Group, Table, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatAmount, formatDateTime } from '../../lib/format';
import {
  type AdminDeposit,
  type DepositStatus,
  depositStatuses,
  useDeposits,
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

function DepositRow({
  row,
  canDecide,
  onDecide,
}: {
  row: AdminDeposit;
  canDecide: boolean;
  onDecide: (decision: Decision) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="deposit-row" data-deposit-id={row.depositId}>
      <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
      <Table.Td>{row.memberAccount}</Table.Td>
      <Table.Td ta="right" data-testid="deposit-amount">
        {formatAmount(row.amount)} {row.currency}
      </Table.Td>
      <Table.Td>{row.payerReference ?? '—'}</Table.Td>
      <Table.Td>
        <Badge variant="light">{t(`deposits.status.${row.status}`)}</Badge>
        {row.rejectReason && (
          <Text size="xs" c="dimmed">
            {row.rejectReason}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {canDecide && row.status === 'pending' && (
          <DecisionButtons deposit={row} onDecide={onDecide} />
        )}
      </Table.Td>
    </Table.Tr>
  );
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
  const list = useDeposits(status);
  if (list.error) return <Alert color="red">{errorText(t, list.error)}</Alert>;
  if (!list.data) return null;
  if (list.data.length === 0) {
    return (
      <Text c="dimmed" data-testid="deposits-empty">
        {t('deposits.empty')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('deposits.createdAt')}</Table.Th>
            <Table.Th>{t('deposits.member')}</Table.Th>
            <Table.Th ta="right">{t('deposits.amount')}</Table.Th>
            <Table.Th>{t('deposits.reference')}</Table.Th>
            <Table.Th>{t('deposits.statusLabel')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.map((row) => (
            <DepositRow
              key={row.depositId}
              row={row}
              canDecide={can('deposits:decide')}
              onDecide={onDecide}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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
