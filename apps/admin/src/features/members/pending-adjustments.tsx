import { Alert, Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan, useConsoleSession } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatAmount, formatDateTime } from '../../lib/format';
import {
  type PendingAdjustment,
  useDecideAdjustment,
  usePendingAdjustments,
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

/** Adjustments above the merchant's limit, oldest first, for a second operator to decide. */
export function PendingAdjustments({ memberId }: { memberId?: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const session = useConsoleSession();
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [decision, setDecision] = useState<Decision>(null);
  const pending = usePendingAdjustments(cursors[cursors.length - 1]);
  const all = pending.data?.list ?? [];
  const rows = memberId === undefined ? all : all.filter((row) => row.memberId === memberId);
  const nextAfterId = pending.data?.nextAfterId ?? null;
  const canDecide = can('members:approve-adjustment');
  const ownId = session.data?.operator.id;
  return (
    <Stack data-testid="pending-adjustments">
      {pending.data && (
        <Text size="sm" c="dimmed">
          {t('members.pending.limit', { amount: formatAmount(pending.data.secondApprovalAbove) })}
        </Text>
      )}
      {pending.error && <Alert color="red">{errorText(t, pending.error)}</Alert>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={820}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('members.pending.requestedAt')}</Table.Th>
                <Table.Th>{t('members.account')}</Table.Th>
                <Table.Th ta="right">{t('members.pending.amount')}</Table.Th>
                <Table.Th>{t('members.pending.reason')}</Table.Th>
                <Table.Th>{t('members.pending.requestedBy')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr
                  key={row.id}
                  data-testid="pending-adjustment-row"
                  data-request-id={row.id}
                >
                  <Table.Td>{formatDateTime(row.requestedAtMs)}</Table.Td>
                  <Table.Td>
                    <Text component={Link} to={`/members/${row.memberId}`} c="blue">
                      {row.account}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" c={row.amount < 0 ? 'red' : undefined}>
                    {formatAmount(row.amount)} {row.currency}
                  </Table.Td>
                  <Table.Td>{row.reason}</Table.Td>
                  <Table.Td>{row.requestedByUsername}</Table.Td>
                  <Table.Td>
                    {canDecide && String(ownId) !== row.requestedBy && (
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
                    )}
                    {String(ownId) === row.requestedBy && (
                      <Text size="xs" c="dimmed">
                        {t('members.pending.yours')}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pending.data && rows.length === 0 && (
        <Text c="dimmed" data-testid="pending-empty">
          {t('members.pending.empty')}
        </Text>
      )}
      {memberId === undefined && (cursors.length > 1 || nextAfterId !== null) && (
        <Group justify="flex-end">
          <Button
            variant="default"
            disabled={cursors.length <= 1}
            onClick={() => setCursors((current) => current.slice(0, -1))}
          >
            {t('members.previous')}
          </Button>
          <Button
            variant="default"
            disabled={nextAfterId === null}
            onClick={() => setCursors((current) => [...current, nextAfterId ?? undefined])}
          >
            {t('members.next')}
          </Button>
        </Group>
      )}
      <DecisionModal decision={decision} onClose={() => setDecision(null)} />
    </Stack>
  );
}
