import type { Withdrawal } from '@app/contract/client';
import { formatAmount } from '@app/contract/client';
import { isApiError } from '@app/web-shared/api-error';
import { errorText } from '@app/web-shared/error-text';
import {
  Alert,
  Button,
  Divider,
  PasswordInput,
  Progress,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AmountPasswordFields,
  type AmountValue,
} from '../../../components/forms/amount-password-fields';
import {
  addBankAccount,
  bankAccountsKey,
  createWithdrawal,
  savePaymentPassword,
  sendWithdrawalCode,
  useBankAccounts,
  usePaymentPasswordSet,
  useWithdrawalBanks,
  withdrawalsKey,
} from '../api/use-withdrawals';

function BankAccountForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation('payments');
  const banks = useWithdrawalBanks();
  const [bankName, setBankName] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [accountName, setAccountName] = useState('');
  const add = useMutation({
    mutationFn: () => addBankAccount({ bankName, accountNumber, accountName }),
    onSuccess: onAdded,
  });
  const listed = banks.data?.banks ?? [];
  return (
    <Stack gap="xs" data-testid="bank-account-form">
      <Text fw={600}>{t('add_bank_account')}</Text>
      {listed.length > 0 ? (
        <Select
          label={t('bank_name')}
          value={bankName || null}
          onChange={(value) => setBankName(value ?? '')}
          data={listed}
          searchable
          allowDeselect={false}
        />
      ) : (
        <TextInput
          label={t('bank_name')}
          value={bankName}
          onChange={(e) => setBankName(e.currentTarget.value)}
        />
      )}
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
      <Button
        variant="light"
        disabled={bankName === ''}
        loading={add.isPending}
        onClick={() => add.mutate()}
      >
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
      savePaymentPassword({ loginPassword, paymentPassword, confirmPaymentPassword }),
    onSuccess: onSet,
  });
  return (
    <Stack gap="xs" data-testid="payment-password-form">
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

type VerificationMethod = 'sms' | 'email' | 'accountName';

function TurnoverProgress({ required, done }: { required: number; done: number }) {
  const { t } = useTranslation('payments');
  const percent = required > 0 ? Math.min(100, (done / required) * 100) : 100;
  return (
    <Alert color="yellow" variant="light" role="alert" data-testid="turnover-progress">
      <Stack gap={6}>
        <Text size="sm">{t('turnover_not_met')}</Text>
        <Progress value={percent} aria-label={t('turnover')} />
        <Text size="sm">
          {t('turnover_progress', { done: formatAmount(done), required: formatAmount(required) })}
        </Text>
      </Stack>
    </Alert>
  );
}

function VerificationStep({
  method,
  value,
  onChange,
}: {
  method: VerificationMethod;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('payments');
  const send = useMutation({ mutationFn: sendWithdrawalCode });
  return (
    <Stack gap="xs" data-testid="withdrawal-verification">
      <Text fw={600}>{t('verify_title')}</Text>
      <Text size="sm">{t(`verify_${method}`)}</Text>
      {method !== 'accountName' && (
        <Button
          variant="light"
          w="fit-content"
          loading={send.isPending}
          onClick={() => send.mutate()}
        >
          {t('send_code')}
        </Button>
      )}
      {send.isSuccess && (
        <Text size="sm" c="dimmed" role="status">
          {t('code_sent', { minutes: send.data.expiredMinutes })}
        </Text>
      )}
      {send.isError && (
        <Text size="sm" c="red" role="alert">
          {errorText(t, send.error)}
        </Text>
      )}
      <TextInput
        label={method === 'accountName' ? t('account_name') : t('verification_code')}
        value={value}
        inputMode={method === 'accountName' ? 'text' : 'numeric'}
        autoComplete="off"
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </Stack>
  );
}

/**
 * The withdrawal form itself (bank account, amount, payment password, and the extra step a new
 * address asks for); the modal wraps it and a member-centre page may reuse it.
 */
export function WithdrawForm({ onRequested }: { onRequested: (withdrawal: Withdrawal) => void }) {
  const { t } = useTranslation('payments');
  const queryClient = useQueryClient();
  const accounts = useBankAccounts();
  const passwordSet = usePaymentPasswordSet();
  const [bankAccountId, setBankAccountId] = useState<string | null>(null);
  const [amount, setAmount] = useState<AmountValue>('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [needsPaymentPassword, setNeedsPaymentPassword] = useState(false);
  const [verificationMethod, setVerificationMethod] = useState<VerificationMethod | null>(null);
  const [verificationValue, setVerificationValue] = useState('');
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const chosen = bankAccountId ?? (accounts.data?.[0] ? String(accounts.data[0].id) : null);
  const request = useMutation({
    mutationFn: () =>
      createWithdrawal(
        {
          bankAccountId: Number(chosen),
          amount: Number(amount),
          paymentPassword,
          ...(verificationMethod
            ? {
                verification:
                  verificationMethod === 'accountName'
                    ? { accountName: verificationValue }
                    : { code: verificationValue },
              }
            : {}),
        },
        idempotencyKey,
      ),
    onSuccess: (withdrawal) => {
      setIdempotencyKey(crypto.randomUUID());
      setVerificationMethod(null);
      setVerificationValue('');
      void queryClient.invalidateQueries({ queryKey: withdrawalsKey });
      onRequested(withdrawal);
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      if (error.errorCode === 'PAYMENT_PASSWORD_NOT_SET') setNeedsPaymentPassword(true);
      if (error.errorCode === 'WITHDRAWAL_VERIFICATION_REQUIRED') {
        const method = error.details?.method;
        if (method === 'sms' || method === 'email' || method === 'accountName') {
          setVerificationMethod(method);
        }
      }
    },
  });
  const failure = request.error;
  const turnover =
    isApiError(failure) && failure.errorCode === 'TURNOVER_NOT_MET' ? failure.details : undefined;
  const askingVerification =
    isApiError(failure) && failure.errorCode === 'WITHDRAWAL_VERIFICATION_REQUIRED';

  return (
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
            onAdded={() => {
              request.reset();
              void queryClient.invalidateQueries({ queryKey: bankAccountsKey });
            }}
          />
        )
      )}
      {/* Asked up front, before any request; once set, the refusal that asked for it goes too. */}
      {(needsPaymentPassword || passwordSet.data === false) && (
        <PaymentPasswordForm
          onSet={() => {
            setNeedsPaymentPassword(false);
            request.reset();
            void queryClient.invalidateQueries({ queryKey: ['security-centre'] });
          }}
        />
      )}
      <Divider />
      <AmountPasswordFields
        amountLabel={t('amount')}
        amount={amount}
        onAmountChange={setAmount}
        passwordLabel={t('payment_password')}
        password={paymentPassword}
        onPasswordChange={setPaymentPassword}
      />
      {verificationMethod && (
        <VerificationStep
          method={verificationMethod}
          value={verificationValue}
          onChange={setVerificationValue}
        />
      )}
      {turnover ? (
        <TurnoverProgress required={turnover.requiredAmount ?? 0} done={turnover.doneAmount ?? 0} />
      ) : (
        request.isError &&
        !askingVerification && (
          <Alert color="red" variant="light" role="alert">
            {errorText(t, request.error)}
          </Alert>
        )
      )}
      <Button
        size="md"
        disabled={!chosen || needsPaymentPassword || passwordSet.data === false}
        loading={request.isPending}
        onClick={() => request.mutate()}
      >
        {verificationMethod ? t('verify_and_withdraw') : t('request_withdrawal')}
      </Button>
    </Stack>
  );
}
