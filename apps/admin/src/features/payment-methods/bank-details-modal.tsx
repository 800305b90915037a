import { adminUpdateBankDetailsBodySchema } from '@app/contract';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../lib/error-text';
import { type AdminPaymentMethod, useUpdateBankDetails } from './api/payment-method-calls';
import { usePaymentsTexts } from './texts';

const fields = ['bankName', 'accountName', 'accountNumber', 'branch'] as const;
type BankField = (typeof fields)[number];

/** The account a manual bank method's deposits are paid into, as the deposit dialog shows it. */
export default function BankDetailsModal({
  method,
  onClose,
}: {
  method: AdminPaymentMethod;
  onClose: () => void;
}) {
  const { t } = usePaymentsTexts();
  const update = useUpdateBankDetails(onClose);
  const [values, setValues] = useState<Record<BankField, string>>({
    bankName: method.bankDetails?.bankName ?? '',
    accountName: method.bankDetails?.accountName ?? '',
    accountNumber: method.bankDetails?.accountNumber ?? '',
    branch: method.bankDetails?.branch ?? '',
  });
  const body = { code: method.code, bankDetails: values };
  // The call's own schema, so a malformed account never reaches the server.
  const checked = adminUpdateBankDetailsBodySchema.safeParse(body);
  const invalid = new Set(
    checked.success ? [] : checked.error.issues.map((issue) => String(issue.path.at(-1))),
  );
  return (
    <Modal opened onClose={onClose} title={t('bank.title', { name: method.name })}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('bank.hint')}
        </Text>
        {fields.map((field) => (
          <TextInput
            key={field}
            label={t(`bank.${field}`)}
            value={values[field]}
            required={field !== 'branch'}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setValues((current) => ({ ...current, [field]: next }));
            }}
            error={invalid.has(field) ? t(`bank.invalid.${field}`) : undefined}
            data-testid={`bank-${field}`}
          />
        ))}
        {update.error && <Alert color="red">{errorText(t, update.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!checked.success}
            loading={update.isPending}
            onClick={() => checked.success && update.mutate(checked.data)}
            data-testid="bank-save"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
