import { formatAmount } from '@app/contract/client';
import { Alert, CloseButton, Group, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDeposit } from '../api/use-payments';

const DEPOSIT_PARAM = 'deposit';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Back from the gateway (`/?deposit=<id>`): tells the player how the deposit went, following it
 * until the gateway's callback has landed, and reports when it has (to refresh the balance).
 */
export function DepositReturnNotice({ onSettled }: { onSettled: () => void }) {
  const { t } = useTranslation('payments');
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get(DEPOSIT_PARAM);
  const depositId = raw && UUID_PATTERN.test(raw) ? raw : null;
  const [startedAtMs] = useState(() => Date.now());
  const deposit = useDeposit(depositId, startedAtMs);
  const status = deposit.data?.status;

  useEffect(() => {
    if (status === 'completed') onSettled();
  }, [status, onSettled]);

  if (!depositId || deposit.isError) return null;
  const dismiss = () => {
    searchParams.delete(DEPOSIT_PARAM);
    setSearchParams(searchParams, { replace: true });
  };
  const amount = deposit.data
    ? `${formatAmount(deposit.data.amount)} ${deposit.data.currency}`
    : '';
  const color = status === 'completed' ? 'teal' : status === 'failed' ? 'red' : 'blue';

  return (
    <Alert color={color} variant="light" mb="md" role="status">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          {(!status || status === 'pending') && <Loader size="xs" />}
          <Text size="sm" fw={500}>
            {t(`deposit_${status ?? 'pending'}`, { amount })}
          </Text>
        </Group>
        <CloseButton aria-label={t('dismiss')} onClick={dismiss} />
      </Group>
    </Alert>
  );
}
