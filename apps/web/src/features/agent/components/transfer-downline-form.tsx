import { formatAmount } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Button, Stack, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AmountPasswordFields,
  type AmountValue,
} from '../../../components/forms/amount-password-fields';
import { transferDownline } from '../api/transfer-downline';

/**
 * An agent pays one of its direct downlines (a transfer between members). The server
 * checks the downline, the payment password and the merchant's limits; one Idempotency-Key per
 * transfer, so a double click or a retry moves the money once.
 */
export function TransferDownlineForm({ onTransferred }: { onTransferred?: () => void }) {
  const { t } = useTranslation(['agent', 'errors']);
  const [downlineAccount, setDownlineAccount] = useState('');
  const [amount, setAmount] = useState<AmountValue>('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const send = useMutation({
    mutationFn: () =>
      transferDownline(
        { downlineAccount: downlineAccount.trim(), amount: Number(amount), paymentPassword },
        idempotencyKey,
      ),
    onSuccess: () => {
      setIdempotencyKey(crypto.randomUUID());
      setAmount('');
      setPaymentPassword('');
      onTransferred?.();
    },
  });
  const ready =
    downlineAccount.trim() !== '' && typeof amount === 'number' && amount > 0 && paymentPassword;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) send.mutate();
      }}
    >
      <Stack gap="sm">
        <Title order={5}>{t('transfer_to_downline')}</Title>
        <TextInput
          label={t('downline_account')}
          value={downlineAccount}
          onChange={(event) => setDownlineAccount(event.currentTarget.value)}
          autoComplete="off"
        />
        <AmountPasswordFields
          amountLabel={t('amount')}
          amount={amount}
          onAmountChange={setAmount}
          passwordLabel={t('payment_password')}
          password={paymentPassword}
          onPasswordChange={setPaymentPassword}
        />
        {send.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorText(t, send.error)}
          </Alert>
        )}
        {send.isSuccess && (
          <Alert color="teal" variant="light" role="status">
            {t('transferred', {
              amount: `${formatAmount(send.data.amount)} ${send.data.currency}`,
              account: send.data.counterpartAccount,
            })}
          </Alert>
        )}
        <Button type="submit" disabled={!ready} loading={send.isPending}>
          {t('transfer')}
        </Button>
      </Stack>
    </form>
  );
}
