import { type ConsolidatedFunds, formatAmount, MAIN_WALLET } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput, type AmountValue } from '../../../components/forms/amount-password-fields';
import { useCentreTexts } from '../../../lib/centre-texts';
import { balanceQueryKey } from '../api/use-balance';
import {
  useConsolidatedFunds,
  useMerchantWallet,
  walletCentreKey,
  walletTransfer,
} from '../api/use-wallet-centre';

type WalletRow = ConsolidatedFunds['wallets'][number];

function WalletCard({ label, amount, symbol }: { label: string; amount: number; symbol: string }) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} ff="monospace">
        {symbol} {formatAmount(amount)}
      </Text>
    </Card>
  );
}

function TransferForm({ wallets }: { wallets: { value: string; label: string }[] }) {
  const { t } = useTranslation('centre');
  const queryClient = useQueryClient();
  const [from, setFrom] = useState<string>(MAIN_WALLET);
  const [to, setTo] = useState(
    () => wallets.find((wallet) => wallet.value !== MAIN_WALLET)?.value ?? '',
  );
  const [amount, setAmount] = useState<AmountValue>('');
  // One key per intended transfer: a double click or a retry moves the money once.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const transfer = useMutation({
    mutationFn: () => walletTransfer({ from, to, amount: Number(amount) }, idempotencyKey),
    onSuccess: () => {
      setIdempotencyKey(crypto.randomUUID());
      setAmount('');
      void queryClient.invalidateQueries({ queryKey: walletCentreKey });
      void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    },
  });
  // One side is always the main wallet: choosing a vendor on one side puts main on the other.
  const firstVendor = wallets.find((wallet) => wallet.value !== MAIN_WALLET)?.value ?? '';
  const choose = (side: 'from' | 'to', value: string | null) => {
    if (!value) return;
    const current = side === 'from' ? to : from;
    const other =
      value !== MAIN_WALLET ? MAIN_WALLET : current !== MAIN_WALLET ? current : firstVendor;
    setFrom(side === 'from' ? value : other);
    setTo(side === 'from' ? other : value);
  };
  const valid = typeof amount === 'number' && amount > 0 && from !== to;
  return (
    <Stack gap="sm">
      <Title order={5}>{t('transfer_title')}</Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('transfer_from')}
          data={wallets}
          value={from}
          allowDeselect={false}
          onChange={(value) => choose('from', value)}
          w={200}
        />
        <ActionIcon
          variant="default"
          size="lg"
          mb={2}
          aria-label={t('swap_wallets')}
          onClick={() => {
            setFrom(to);
            setTo(from);
          }}
        >
          ⇄
        </ActionIcon>
        <Select
          label={t('transfer_to')}
          data={wallets}
          value={to}
          allowDeselect={false}
          onChange={(value) => choose('to', value)}
          w={200}
        />
      </Group>
      <AmountInput label={t('transfer_amount')} value={amount} onChange={setAmount} maw={420} />
      {transfer.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(t, transfer.error)}
        </Alert>
      )}
      {transfer.isSuccess && (
        <Alert color="teal" variant="light" role="status">
          {t('transfer_done', { amount: formatAmount(transfer.data.amount) })}
        </Alert>
      )}
      <Button
        maw={420}
        disabled={!valid}
        loading={transfer.isPending}
        onClick={() => transfer.mutate()}
      >
        {t('transfer_submit')}
      </Button>
    </Stack>
  );
}

/** My wallet (SPEC transferFund): every wallet's balance, and transfers to vendor wallets. */
export default function MyWalletPage() {
  useCentreTexts();
  const { t } = useTranslation('centre');
  const queryClient = useQueryClient();
  const funds = useConsolidatedFunds();
  const merchantWallet = useMerchantWallet();

  if (funds.isError || merchantWallet.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText(t, funds.error ?? merchantWallet.error)}
      </Alert>
    );
  }
  if (!funds.data || !merchantWallet.data) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Skeleton height={64} />
        <Skeleton height={64} />
      </SimpleGrid>
    );
  }
  const symbol = funds.data.currencySymbol;
  const labelOf = (wallet: WalletRow) =>
    wallet.wallet === MAIN_WALLET ? t(`wallet_${wallet.asset}`) : (wallet.name ?? wallet.wallet);
  const transferable = [
    { value: MAIN_WALLET, label: t('wallet_cash') },
    ...merchantWallet.data.vendorWallets.map((vendor) => ({
      value: vendor.code,
      label: vendor.name,
    })),
  ];
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <div>
          <Text size="sm" c="dimmed">
            {t('total_balance')}
          </Text>
          <Text fz={28} fw={700} ff="monospace" data-testid="wallet-total">
            {symbol} {formatAmount(funds.data.totalBalance)}
          </Text>
        </div>
        <Button
          variant="default"
          loading={funds.isFetching}
          onClick={() => {
            void queryClient.invalidateQueries({ queryKey: walletCentreKey });
            void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
          }}
        >
          {t('refresh')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
        {funds.data.wallets.map((wallet) => (
          <WalletCard
            key={`${wallet.wallet}:${wallet.asset}`}
            label={labelOf(wallet)}
            amount={wallet.balance}
            symbol={wallet.asset === 'points' ? '' : symbol}
          />
        ))}
      </SimpleGrid>
      {merchantWallet.data.walletMode === 'transfer' ? (
        <TransferForm wallets={transferable} />
      ) : (
        <Text c="dimmed">{t('seamless_wallet')}</Text>
      )}
    </Stack>
  );
}
