import { adminUpdateWithdrawalLimitsBodySchema } from '@app/contract';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../lib/error-text';
import { type AdminWithdrawalLimits, useUpdateWithdrawalLimits } from './api/payment-method-calls';
import { usePaymentsTexts } from './texts';

const fields = ['minAmount', 'maxAmount', 'dailyCountMax', 'dailyAmountMax'] as const;
type LimitField = (typeof fields)[number];
/** The daily limits may be left empty: no limit. */
const optional = new Set<LimitField>(['dailyCountMax', 'dailyAmountMax']);

/** A typed value: empty is null (no limit) for the daily ones; text that is no number stays NaN. */
function typedLimit(field: LimitField, text: string): number | null {
  if (text.trim() === '') return optional.has(field) ? null : Number.NaN;
  return /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : Number.NaN;
}

/** The withdrawal limits form: checked by the call's own schema before anything is sent. */
export default function WithdrawalLimitsModal({
  limits,
  onClose,
}: {
  limits: AdminWithdrawalLimits;
  onClose: () => void;
}) {
  const { t } = usePaymentsTexts();
  const update = useUpdateWithdrawalLimits(onClose);
  const [texts, setTexts] = useState<Record<LimitField, string>>({
    minAmount: String(limits.minAmount),
    maxAmount: String(limits.maxAmount),
    dailyCountMax: limits.dailyCountMax === null ? '' : String(limits.dailyCountMax),
    dailyAmountMax: limits.dailyAmountMax === null ? '' : String(limits.dailyAmountMax),
  });
  const body = Object.fromEntries(fields.map((field) => [field, typedLimit(field, texts[field])]));
  const checked = adminUpdateWithdrawalLimitsBodySchema.safeParse(body);
  const invalid = new Set(
    checked.success ? [] : checked.error.issues.map((issue) => String(issue.path.at(-1))),
  );
  return (
    <Modal opened onClose={onClose} title={t('withdrawals.editTitle')} size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          {t('withdrawals.hint')}
        </Text>
        <SimpleGrid cols={2}>
          {fields.map((field) => (
            <TextInput
              key={field}
              label={t(`withdrawals.${field}`, { currency: limits.currency })}
              placeholder={optional.has(field) ? t('withdrawals.noLimit') : undefined}
              inputMode={field === 'dailyCountMax' ? 'numeric' : 'decimal'}
              value={texts[field]}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setTexts((current) => ({ ...current, [field]: next }));
              }}
              error={invalid.has(field) ? t(`withdrawals.invalid.${field}`) : undefined}
              data-testid={`limit-${field}`}
            />
          ))}
        </SimpleGrid>
        {update.error && <Alert color="red">{errorText(t, update.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!checked.success}
            loading={update.isPending}
            onClick={() => checked.success && update.mutate(checked.data)}
            data-testid="limits-save"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
