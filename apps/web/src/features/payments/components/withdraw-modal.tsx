import { formatAmount } from '@app/contract/client';
import {
  Alert,
  Button,
  Divider,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalOrInline } from '../../../components/modal-or-inline';
import { callApi } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';

const bankAccountsKey = ['payments', 'bank-accounts'] as const;

function BankAccountForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation('payments');
  const [bankName, setBankName] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [accountName, setAccountName] = useState('');
  const add = useMutation({
    mutationFn: () => callApi('addBankAccount', { body: { bankName, accountNumber, accountName } }),
    onSuccess: onAdded,
  });
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('add_bank_account')}</Text>
      <TextInput
        label={t('bank_name')}
        value={bankName}
        onChange={(e) => setBankName(e.currentTarget.value)}
      />
      <TextInput
        label={t('account_number')}
        value={accountNumber}
        inputMode="numeric"
        onChange={(e) => setAccountNumber(e.currentTarget.value)}
      />
      <TextInput
        label={t('account_name')}
        value={accountName}
        onChange={(e) => setAccountName(e.currentTarget.value)}
      />
      {add.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(t, add.error)}
        </Alert>
      )}
      <Button variant="light" loading={add.isPending} onClick={() => add.mutate()}>
        {t('save_bank_account')}
      </Button>
    </Stack>
  );
}

function PaymentPasswordForm({ onSet }: { onSet: () => void }) {
  const { t } = useTranslation('payments');
  const [loginPassword, setLoginPassword] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [confirmPaymentPassword, setConfirm] = useState('');
  const save = useMutation({
    mutationFn: () =>
      callApi('setPaymentPassword', {
        body: { loginPassword, paymentPassword, confirmPaymentPassword },
      }),
    onSuccess: onSet,
  });
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('set_payment_password')}</Text>
      <PasswordInput
        label={t('login_password')}
        value={loginPassword}
        onChange={(e) => setLoginPassword(e.currentTarget.value)}
      />
      <PasswordInput
        label={t('new_payment_password')}
        value={paymentPassword}
        onChange={(e) => setPaymentPassword(e.currentTarget.value)}
      />
      <PasswordInput
        label={t('confirm_payment_password')}
        value={confirmPaymentPassword}
        onChange={(e) => setConfirm(e.currentTarget.value)}
      />
      {save.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(t, save.error)}
        </Alert>
      )}
      <Button variant="light" loading={save.isPending} onClick={() => save.mutate()}>
        {t('save_payment_password')}
      </Button>
    </Stack>
  );
}

/**
 * Withdraw: choose a bound bank account, the amount and the payment password (SPEC withdraw).
 * `inline` renders the form alone, for the member centre's withdraw page.
 */
export default function WithdrawModal({
  opened,
  onClose,
  onRequested,
  inline,
}: {
  opened: boolean;
  onClose: () => void;
  onRequested: () => void;
  inline?: boolean;
}) {
  const { t } = useTranslation('payments');
  const queryClient = useQueryClient();
  const accounts = useQuery({
    queryKey: bankAccountsKey,
    queryFn: ({ signal }) => callApi('bankAccounts', { signal }),
    enabled: opened,
    meta: { private: true },
  });
  const [bankAccountId, setBankAccountId] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | string>('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [needsPaymentPassword, setNeedsPaymentPassword] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const chosen = bankAccountId ?? (accounts.data?.[0] ? String(accounts.data[0].id) : null);
  const request = useMutation({
    mutationFn: () =>
      callApi('createWithdrawal', {
        body: { bankAccountId: Number(chosen), amount: Number(amount), paymentPassword },
        idempotencyKey,
      }),
    onSuccess: () => {
      setIdempotencyKey(crypto.randomUUID());
      onRequested();
    },
    onError: (error) => {
      if (isApiError(error) && error.errorCode === 'PAYMENT_PASSWORD_NOT_SET')
        setNeedsPaymentPassword(true);
    },
  });

  return (
    <ModalOrInline inline={inline} opened={opened} onClose={onClose} title={t('withdraw_title')}>
      {request.isSuccess ? (
        <Stack>
          <Alert color="teal" variant="light" role="status">
            {t('withdrawal_requested', {
              amount: `${formatAmount(request.data.amount)} ${request.data.currency}`,
            })}
          </Alert>
          <Button onClick={onClose}>{t('done')}</Button>
        </Stack>
      ) : (
        <Stack gap="md">
          {accounts.data && accounts.data.length > 0 ? (
            <Select
              label={t('bank_account')}
              value={chosen}
              onChange={setBankAccountId}
              allowDeselect={false}
              data={accounts.data.map((account) => ({
                value: String(account.id),
                label: `${account.bankName} ${account.accountNumberMasked} · ${account.accountName}`,
              }))}
            />
          ) : (
            accounts.isSuccess && (
              <BankAccountForm
                onAdded={() => void queryClient.invalidateQueries({ queryKey: bankAccountsKey })}
              />
            )
          )}
          {needsPaymentPassword && (
            <PaymentPasswordForm onSet={() => setNeedsPaymentPassword(false)} />
          )}
          <Divider />
          <NumberInput
            label={t('amount')}
            value={amount}
            onChange={setAmount}
            decimalScale={2}
            thousandSeparator=","
            allowNegative={false}
          />
          <PasswordInput
            label={t('payment_password')}
            value={paymentPassword}
            onChange={(e) => setPaymentPassword(e.currentTarget.value)}
          />
          {request.isError && (
            <Alert color="red" variant="light" role="alert">
              {errorText(t, request.error)}
            </Alert>
          )}
          <Button
            size="md"
            disabled={!chosen}
            loading={request.isPending}
            onClick={() => request.mutate()}
          >
            {t('request_withdrawal')}
          </Button>
        </Stack>
      )}
    </ModalOrInline>
  );
}
