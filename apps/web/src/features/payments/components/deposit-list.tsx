import type { Deposit } from '@app/contract/client';
import { formatAmount } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDeposits } from '../api/use-payments';

/** Deposits shown under the form (the server answers the newest 50). */
const DEPOSITS_SHOWN = 10;

const statusColors = {
  pending: 'yellow',
  completed: 'teal',
  failed: 'gray',
  rejected: 'red',
} as const;

function DepositRow({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation('payments');
  return (
    <Paper withBorder p="sm" radius="md" data-testid="deposit-row">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600}>
            {formatAmount(deposit.amount)} {deposit.currency}
          </Text>
          <Text size="sm" c="dimmed">
            {new Date(deposit.createdAt).toLocaleString()}
          </Text>
        </Stack>
        <Badge color={statusColors[deposit.status]} variant="light">
          {t(`deposit_status_${deposit.status}`)}
        </Badge>
      </Group>
    </Paper>
  );
}

/** The member's recent deposits with their state: pending ones included, so none is invisible. */
export function DepositList() {
  const { t } = useTranslation('payments');
  const deposits = useDeposits();
  if (deposits.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText(t, deposits.error)}
      </Alert>
    );
  }
  if (!deposits.data) return null;
  return (
    <Stack gap="xs" mt="lg">
      <Text fw={600}>{t('my_deposits')}</Text>
      {deposits.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('no_deposits')}
        </Text>
      ) : (
        deposits.data
          .slice(0, DEPOSITS_SHOWN)
          .map((deposit) => <DepositRow key={deposit.depositId} deposit={deposit} />)
      )}
    </Stack>
  );
}
