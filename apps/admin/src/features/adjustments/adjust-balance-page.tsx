import {
  Alert,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';
import { formatAmount } from '../../lib/format';
import { type AdjustmentFields, adjustmentResolver, emptyAdjustment } from './adjustment-form';
import {
  type AdjustmentRequest,
  type AdjustmentResult,
  useAdjustBalance,
} from './api/adjust-balance-call';

/**
 * One key per request: confirming the same account, amount and reason again (a retry after a
 * lost answer, or after going back without changes) reuses it, so the server answers the first
 * adjustment instead of making a second; changed values or a finished adjustment get a new one.
 */
function useRequestKey() {
  const last = useRef<{ request: string; key: string } | null>(null);
  return {
    keyFor(request: AdjustmentRequest): string {
      const text = JSON.stringify(request);
      if (last.current?.request !== text) {
        last.current = { request: text, key: crypto.randomUUID() };
      }
      return last.current.key;
    },
    forget() {
      last.current = null;
    },
  };
}

function Confirmation({
  request,
  onBack,
  onDone,
  keyFor,
}: {
  request: AdjustmentRequest;
  onBack: () => void;
  onDone: (result: AdjustmentResult) => void;
  keyFor: (request: AdjustmentRequest) => string;
}) {
  const { t } = useTranslation();
  const adjust = useAdjustBalance();
  const text = request.amount > 0 ? 'adjustments.confirmCredit' : 'adjustments.confirmDebit';
  const submit = () =>
    adjust.mutate({ request, idempotencyKey: keyFor(request) }, { onSuccess: onDone });
  return (
    <Paper withBorder p="md" data-testid="adjust-confirmation">
      <Stack>
        <Text fw={500}>
          {t(text, { amount: formatAmount(Math.abs(request.amount)), account: request.account })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('adjustments.reason')}: {request.reason}
        </Text>
        {adjust.error && (
          <Alert color="red" data-testid="adjust-error">
            {errorText(t, adjust.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={onBack}
            disabled={adjust.isPending}
            data-testid="adjust-back"
          >
            {t('adjustments.back')}
          </Button>
          <Button loading={adjust.isPending} onClick={submit} data-testid="adjust-confirm">
            {t('adjustments.confirm')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ResultPanel({ result, onNext }: { result: AdjustmentResult; onNext: () => void }) {
  const { t } = useTranslation();
  const pending = result.status === 'pending';
  return (
    <Alert
      color={pending ? 'yellow' : 'green'}
      title={t(pending ? 'adjustments.pendingTitle' : 'adjustments.doneTitle')}
      data-testid="adjust-result"
    >
      <Stack gap="xs">
        <Text size="sm">
          {result.status === 'pending'
            ? t('adjustments.pending', {
                account: result.account,
                amount: formatAmount(result.amount),
                currency: result.currency,
              })
            : t('adjustments.done', {
                account: result.account,
                before: formatAmount(result.balanceBefore),
                after: formatAmount(result.balanceAfter),
                currency: result.currency,
              })}
        </Text>
        <Group>
          <Button size="xs" variant="light" onClick={onNext} data-testid="adjust-next">
            {t('adjustments.next')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

export default function AdjustBalancePage() {
  const { t } = useTranslation();
  const form = useForm<AdjustmentFields, unknown, AdjustmentRequest>({
    defaultValues: emptyAdjustment,
    resolver: adjustmentResolver,
  });
  const [pending, setPending] = useState<AdjustmentRequest | null>(null);
  const [result, setResult] = useState<AdjustmentResult | null>(null);
  const requestKey = useRequestKey();
  const errors = form.formState.errors;
  const errorOf = (message: string | undefined) => message && t(message);
  const finish = (answer: AdjustmentResult) => {
    requestKey.forget();
    setPending(null);
    setResult(answer);
    form.reset(emptyAdjustment);
  };
  return (
    <Stack maw={560}>
      <Title order={2}>{t('adjustments.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('adjustments.intro')}
      </Text>
      {result && <ResultPanel result={result} onNext={() => setResult(null)} />}
      {pending ? (
        <Confirmation
          request={pending}
          onBack={() => setPending(null)}
          onDone={finish}
          keyFor={requestKey.keyFor}
        />
      ) : (
        <form
          onSubmit={form.handleSubmit((request) => {
            setResult(null);
            setPending(request);
          })}
          noValidate
        >
          <Stack>
            <TextInput
              label={t('adjustments.account')}
              error={errorOf(errors.account?.message)}
              data-testid="adjust-account"
              {...form.register('account')}
            />
            <TextInput
              label={t('adjustments.amount')}
              description={t('adjustments.amountHint')}
              inputMode="decimal"
              error={errorOf(errors.amount?.message)}
              data-testid="adjust-amount"
              {...form.register('amount')}
            />
            <Textarea
              label={t('adjustments.reason')}
              rows={2}
              error={errorOf(errors.reason?.message)}
              data-testid="adjust-reason"
              {...form.register('reason')}
            />
            <Group justify="flex-end">
              <Button type="submit" data-testid="adjust-review">
                {t('adjustments.review')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
