import { formatAmount } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Button, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AmountPasswordFields,
  type AmountValue,
} from '../../../components/forms/amount-password-fields';
import { transferUpline, useTransferUplineInfo } from '../api/use-transfer-upline';

/**
 * Member centre page `transferUpline`: cash to the member's upline, whose account name is
 * shown masked, with the payment password. Standalone (a lazy chunk): the member centre mounts
 * it and passes `onTransferred` so the app can refresh the balance.
 */
export default function TransferUplinePage({ onTransferred }: { onTransferred?: () => void }) {
  const { t } = useTranslation('payments');
  const info = useTransferUplineInfo();
  const [amount, setAmount] = useState<AmountValue>('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [touched, setTouched] = useState(false);
  // One key per transfer: a double click or a retry after a lost answer moves the money once.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const send = useMutation({
    mutationFn: () => transferUpline({ amount: Number(amount), paymentPassword }, idempotencyKey),
    onSuccess: () => {
      setIdempotencyKey(crypto.randomUUID());
      setAmount('');
      setPaymentPassword('');
      setTouched(false);
      onTransferred?.();
    },
  });

  const limits = info.data;
  const amountProblem =
    typeof amount !== 'number' || Number.isNaN(amount)
      ? 'amount_required'
      : limits && (amount < limits.minAmount || amount > limits.maxAmount)
        ? 'amount_range'
        : null;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!amountProblem && paymentPassword !== '') send.mutate();
  };

  return (
    <Stack gap="md" maw={480}>
      <Title order={3}>{t('transfer_upline_title')}</Title>
      {info.isPending ? (
        <Stack>
          <Skeleton height={56} />
          <Skeleton height={36} />
        </Stack>
      ) : info.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, info.error)}
        </Alert>
      ) : info.data.uplineAccountMasked === null ? (
        <Text c="dimmed">{t('transfer_no_upline')}</Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('transfer_upline_to')}
              value={info.data.uplineAccountMasked}
              readOnly
            />
            <AmountPasswordFields
              amountLabel={t('amount')}
              amountDescription={t('transfer_limits', {
                min: formatAmount(info.data.minAmount),
                max: formatAmount(info.data.maxAmount),
                daily: formatAmount(info.data.dailyMaxAmount),
                currency: info.data.currency,
              })}
              amount={amount}
              onAmountChange={setAmount}
              amountError={
                touched && amountProblem
                  ? t(amountProblem, {
                      min: formatAmount(info.data.minAmount),
                      max: formatAmount(info.data.maxAmount),
                    })
                  : undefined
              }
              passwordLabel={t('payment_password')}
              password={paymentPassword}
              onPasswordChange={setPaymentPassword}
              passwordError={
                touched && paymentPassword === '' ? t('payment_password_required') : undefined
              }
            />
            {send.isError && (
              <Alert color="red" variant="light" role="alert">
                {errorText(t, send.error)}
              </Alert>
            )}
            {send.isSuccess && (
              <Alert color="teal" variant="light" role="status">
                {t('transfer_done', {
                  amount: `${formatAmount(send.data.amount)} ${send.data.currency}`,
                  account: send.data.counterpartAccount,
                })}
              </Alert>
            )}
            <Button type="submit" loading={send.isPending}>
              {t('transfer_submit')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
