import { formatAmount } from '@app/contract/client';
import { ActionIcon, Group, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon, RefreshIcon } from '../../../components/icons';
import { useBalance } from '../api/use-balance';
import { useBalanceHidden } from '../hooks/use-balance-hidden';

/** What a hidden balance shows (SPEC §2: three asterisks). */
export const HIDDEN_BALANCE = '***';

/** The header's balance: amount, hide/show toggle and refresh (SPEC §2). */
export function BalanceDisplay({ currencySymbol }: { currencySymbol?: string }) {
  const { t } = useTranslation('wallet');
  const { data, isPending, isFetching, refetch } = useBalance();
  const [hidden, toggleHidden] = useBalanceHidden();

  const amount = hidden ? HIDDEN_BALANCE : data ? formatAmount(data.sumBalance) : null;

  return (
    <Group gap={4} wrap="nowrap" aria-label={t('balance')} role="group">
      {currencySymbol && !hidden && (
        <Text span size="sm" c="dimmed" fw={500}>
          {currencySymbol}
        </Text>
      )}
      {isPending && !hidden ? (
        <Skeleton height={16} width={56} />
      ) : (
        <Text
          span
          fw={700}
          size="sm"
          data-testid="balance-amount"
          title={amount ?? undefined}
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {amount ?? '--'}
        </Text>
      )}
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={hidden ? t('show_balance') : t('hide_balance')}
        onClick={toggleHidden}
      >
        {hidden ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t('refresh_balance')}
        data-phone-hidden
        loading={isFetching}
        onClick={() => void refetch()}
      >
        <RefreshIcon size={18} />
      </ActionIcon>
    </Group>
  );
}
