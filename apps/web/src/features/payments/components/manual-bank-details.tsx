import type { BankDetails } from '@app/contract/client';
import { ActionIcon, CopyButton, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** How long the copy button says "copied". */
const COPIED_NOTICE_MS = 1_500;

function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('payments');
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <div>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text fw={600} data-testid={`bank-${label}`}>
          {value}
        </Text>
      </div>
      <CopyButton value={value} timeout={COPIED_NOTICE_MS}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('copied') : t('copy')} withArrow>
            <ActionIcon
              variant="subtle"
              onClick={copy}
              aria-label={t('copy_field', { field: label })}
              color={copied ? 'teal' : 'gray'}
            >
              <Text size="xs" fw={700} aria-hidden>
                {copied ? '✓' : '⧉'}
              </Text>
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** The operator's bank account a manual deposit is paid into, each field copyable. */
export function ManualBankDetails({ details }: { details: BankDetails }) {
  const { t } = useTranslation('payments');
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Text size="sm">{t('manual_instructions')}</Text>
        <CopyField label={t('bank_name')} value={details.bankName} />
        <CopyField label={t('account_name')} value={details.accountName} />
        <CopyField label={t('account_number')} value={details.accountNumber} />
        {details.branch && <CopyField label={t('branch')} value={details.branch} />}
      </Stack>
    </Paper>
  );
}
