import { formatAmount, type PaymentMethod } from '@app/contract/client';
import { Alert, Button, Group, NumberInput, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalOrInline } from '../../../components/modal-or-inline';
import { callApi } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { usePaymentMethods } from '../api/use-payments';

/** Quick amounts offered, as multiples of the method's minimum. */
const QUICK_AMOUNT_MULTIPLES = [1, 5, 10, 50] as const;

function amountProblem(method: PaymentMethod | undefined, amount: number | string) {
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
  const [amount, setAmount] = useState<number | string>('');
  const [touched, setTouched] = useState(false);
  // One key per form: a double click or a retry after a lost answer starts one deposit.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const method = useMemo(
    () => methods.data?.find((item) => item.code === (methodCode ?? methods.data?.[0]?.code)),
    [methods.data, methodCode],
  );
  const problem = amountProblem(method, amount);
  const start = useMutation({
    mutationFn: () =>
      callApi('createDeposit', {
        body: { methodCode: method?.code ?? '', amount: Number(amount) },
        idempotencyKey,
      }),
    onSuccess: (deposit) => {
      if (deposit.payUrl) window.location.assign(deposit.payUrl);
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!problem) start.mutate();
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
            <NumberInput
              label={t('amount')}
              value={amount}
              onChange={setAmount}
              onBlur={() => setTouched(true)}
              decimalScale={2}
              thousandSeparator=","
              min={0}
              allowNegative={false}
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
            {start.isError && (
              <Alert color="red" variant="light" role="alert">
                {errorText(t, start.error)}
              </Alert>
            )}
            <Button type="submit" size="md" loading={start.isPending || start.isSuccess}>
              {t('continue_to_payment')}
            </Button>
          </Stack>
        </form>
      )}
    </ModalOrInline>
  );
}
