import { formatAmount, type PaymentMethod } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Button, Group, Radio, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput, type AmountValue } from '../../../components/forms/amount-password-fields';
import { ModalOrInline } from '../../../components/modal-or-inline';
import { createDeposit, usePaymentMethods } from '../api/deposit-form';
import { depositsKey } from '../api/use-payments';
import { DepositList } from './deposit-list';
import { ManualBankDetails } from './manual-bank-details';

/** Longest transfer reference the player may give (the contract's PAYER_REFERENCE_MAX_LENGTH). */
const PAYER_REFERENCE_MAX_LENGTH = 100;

/** Quick amounts offered, as multiples of the method's minimum. */
const QUICK_AMOUNT_MULTIPLES = [1, 5, 10, 50] as const;

function amountProblem(method: PaymentMethod | undefined, amount: AmountValue) {
  if (!method || typeof amount !== 'number' || Number.isNaN(amount)) return 'amount_required';
  if (amount < method.minAmount || amount > method.maxAmount) return 'amount_range';
  return null;
}

/**
 * The deposit form: method, amount, then off to the gateway's page to pay (SPEC depositv2).
 * `inline` renders the form alone, for the member centre's deposit page.
 */
export default function DepositModal({
  opened,
  onClose,
  inline,
}: {
  opened: boolean;
  onClose: () => void;
  inline?: boolean;
}) {
  const { t } = useTranslation('payments');
  const methods = usePaymentMethods(opened);
  const [methodCode, setMethodCode] = useState<string | null>(null);
  const [amount, setAmount] = useState<AmountValue>('');
  const [touched, setTouched] = useState(false);
  // One key per form: a double click or a retry after a lost answer starts one deposit.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const method = useMemo(
    () => methods.data?.find((item) => item.code === (methodCode ?? methods.data?.[0]?.code)),
    [methods.data, methodCode],
  );
  const manual = method?.kind === 'manual_bank';
  const [payerReference, setPayerReference] = useState('');
  const referenceMissing = manual && payerReference.trim() === '';
  const problem = amountProblem(method, amount);
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: () =>
      createDeposit(
        {
          methodCode: method?.code ?? '',
          amount: Number(amount),
          ...(manual ? { payerReference: payerReference.trim() } : {}),
        },
        idempotencyKey,
      ),
    onSuccess: (deposit) => {
      void queryClient.invalidateQueries({ queryKey: depositsKey });
      if (deposit.payUrl) window.location.assign(deposit.payUrl);
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!problem && !referenceMissing) start.mutate();
  };

  return (
    <ModalOrInline inline={inline} opened={opened} onClose={onClose} title={t('deposit_title')}>
      {methods.isPending ? (
        <Stack>
          <Skeleton height={56} />
          <Skeleton height={36} />
        </Stack>
      ) : methods.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, methods.error)}
        </Alert>
      ) : start.data && start.data.payUrl === null ? (
        // A manual deposit: nothing to pay online; an operator checks the bank and approves.
        <Stack gap="md">
          <Alert color="blue" variant="light" role="status">
            {t('manual_pending', {
              amount: `${formatAmount(start.data.amount)} ${start.data.currency}`,
            })}
          </Alert>
          <Button onClick={onClose}>{t('done')}</Button>
        </Stack>
      ) : methods.data.length === 0 ? (
        <Text c="dimmed">{t('no_methods')}</Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Radio.Group label={t('method')} value={method?.code ?? null} onChange={setMethodCode}>
              <Stack gap="xs" mt="xs">
                {methods.data.map((item) => (
                  <Radio.Card key={item.code} value={item.code} p="md" radius="md">
                    <Group wrap="nowrap">
                      <Radio.Indicator />
                      <div>
                        <Text fw={600}>{item.name}</Text>
                        <Text size="xs" c="dimmed">
                          {t('limits', {
                            min: formatAmount(item.minAmount),
                            max: formatAmount(item.maxAmount),
                            currency: item.currency,
                          })}
                        </Text>
                      </div>
                    </Group>
                  </Radio.Card>
                ))}
              </Stack>
            </Radio.Group>
            <AmountInput
              label={t('amount')}
              value={amount}
              onChange={setAmount}
              onBlur={() => setTouched(true)}
              error={
                touched && problem
                  ? t(problem, {
                      min: formatAmount(method?.minAmount ?? 0),
                      max: formatAmount(method?.maxAmount ?? 0),
                    })
                  : undefined
              }
            />
            {method && (
              <Group gap="xs">
                {QUICK_AMOUNT_MULTIPLES.map((multiple) => method.minAmount * multiple)
                  .filter((quick) => quick <= method.maxAmount)
                  .map((quick) => (
                    <Button
                      key={quick}
                      variant="default"
                      size="xs"
                      onClick={() => setAmount(quick)}
                    >
                      {formatAmount(quick)}
                    </Button>
                  ))}
              </Group>
            )}
            {manual && method.bankDetails && <ManualBankDetails details={method.bankDetails} />}
            {manual && (
              <TextInput
                label={t('payer_reference')}
                description={t('payer_reference_hint')}
                value={payerReference}
                maxLength={PAYER_REFERENCE_MAX_LENGTH}
                onChange={(event) => setPayerReference(event.currentTarget.value)}
                error={touched && referenceMissing ? t('payer_reference_required') : undefined}
              />
            )}
            {start.isError && (
              <Alert color="red" variant="light" role="alert">
                {errorText(t, start.error)}
              </Alert>
            )}
            <Button type="submit" size="md" loading={start.isPending || start.isSuccess}>
              {manual ? t('submit_manual_deposit') : t('continue_to_payment')}
            </Button>
          </Stack>
        </form>
      )}
      <DepositList />
    </ModalOrInline>
  );
}
