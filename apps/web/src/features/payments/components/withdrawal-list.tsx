import type { Withdrawal } from '@app/contract/client';
import { formatAmount } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Badge, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchProofImageUrl } from '../api/proof-image';
import { confirmWithdrawal, useWithdrawals, withdrawalsKey } from '../api/use-withdrawals';

/** Withdrawals shown in the list (the server keeps the newest 50). */
const WITHDRAWALS_SHOWN = 10;
const PROOF_MAX_HEIGHT_PX = 320;

const statusColors = { pending: 'yellow', approved: 'teal', rejected: 'red' } as const;

function ProofImage({ withdrawalId }: { withdrawalId: string }) {
  const { t } = useTranslation('payments');
  const proof = useQuery({
    queryKey: ['payments', 'withdrawal-proof', withdrawalId],
    queryFn: () => fetchProofImageUrl(withdrawalId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    meta: { private: true },
  });
  if (proof.isError) return <Text c="red">{errorText(t, proof.error)}</Text>;
  if (!proof.data) return null;
  return (
    <Image
      src={proof.data}
      alt={t('proof_image')}
      mah={PROOF_MAX_HEIGHT_PX}
      fit="contain"
      radius="sm"
    />
  );
}

function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation('payments');
  const queryClient = useQueryClient();
  const [proofShown, setProofShown] = useState(false);
  const confirm = useMutation({
    mutationFn: (received: boolean) =>
      confirmWithdrawal({ withdrawalId: withdrawal.withdrawalId, received }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: withdrawalsKey }),
  });
  const money = (amount: number) => `${formatAmount(amount)} ${withdrawal.currency}`;
  const awaitingAnswer = withdrawal.status === 'approved' && withdrawal.receipt === null;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="withdrawal-row">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{money(withdrawal.amount)}</Text>
          <Badge color={statusColors[withdrawal.status]} variant="light">
            {t(`status_${withdrawal.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {new Date(withdrawal.createdAt).toLocaleString()} · {withdrawal.bankAccount.bankName}{' '}
          {withdrawal.bankAccount.accountNumberMasked}
        </Text>
        {withdrawal.status === 'approved' && (
          <Text size="sm">
            {t('received_amount', { amount: money(withdrawal.receivedAmount) })} ·{' '}
            {t('remaining_amount', { amount: money(withdrawal.remainingAmount) })}
          </Text>
        )}
        {withdrawal.receipt && (
          <Text size="sm" c="dimmed">
            {t(`receipt_${withdrawal.receipt}`)}
          </Text>
        )}
        {withdrawal.rejectReason && (
          <Text size="sm" c="red">
            {withdrawal.rejectReason}
          </Text>
        )}
        {withdrawal.hasProof && (
          <Button
            variant="subtle"
            size="compact-sm"
            w="fit-content"
            onClick={() => setProofShown((shown) => !shown)}
          >
            {proofShown ? t('hide_proof') : t('view_proof')}
          </Button>
        )}
        {proofShown && <ProofImage withdrawalId={withdrawal.withdrawalId} />}
        {awaitingAnswer && (
          <Stack gap={4}>
            <Text size="sm">{t('confirm_prompt')}</Text>
            {withdrawal.autoReceiveAt && (
              <Text size="xs" c="dimmed">
                {t('auto_receive_at', {
                  time: new Date(withdrawal.autoReceiveAt).toLocaleString(),
                })}
              </Text>
            )}
            <Group gap="xs">
              <Button
                size="xs"
                color="teal"
                loading={confirm.isPending && confirm.variables === true}
                disabled={confirm.isPending}
                onClick={() => confirm.mutate(true)}
              >
                {t('confirm_received')}
              </Button>
              <Button
                size="xs"
                variant="default"
                loading={confirm.isPending && confirm.variables === false}
                disabled={confirm.isPending}
                onClick={() => confirm.mutate(false)}
              >
                {t('confirm_not_received')}
              </Button>
            </Group>
          </Stack>
        )}
        {confirm.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorText(t, confirm.error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** The member's recent withdrawals: status, received and remaining, proof, and their answer. */
export function WithdrawalList({ enabled = true }: { enabled?: boolean }) {
  const { t } = useTranslation('payments');
  const withdrawals = useWithdrawals(enabled);
  if (withdrawals.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText(t, withdrawals.error)}
      </Alert>
    );
  }
  if (!withdrawals.data) return null;
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('my_withdrawals')}</Text>
      {withdrawals.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('no_withdrawals')}
        </Text>
      ) : (
        withdrawals.data
          .slice(0, WITHDRAWALS_SHOWN)
          .map((withdrawal) => (
            <WithdrawalRow key={withdrawal.withdrawalId} withdrawal={withdrawal} />
          ))
      )}
    </Stack>
  );
}
