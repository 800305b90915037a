import type { BankDetails } from '@app/contract/client';
import { ActionIcon, CopyButton, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** How long the copy button says "copied". */
const COPIED_NOTICE_MS = 1_500;
const ICON_SIZE = 18;

/**
 * Copy and done marks, drawn here rather than in components/icons.tsx: that module is in the
 * first screen's chunk, and these are needed only in this lazy one.
 */
function CopyMark({ copied }: { copied: boolean }) {
  return (
    <svg
      width={ICON_SIZE}
      height={ICON_SIZE}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {copied ? (
        <path d="M5 12.5l4.5 4.5L19 7.5" />
      ) : (
        <>
          <rect x="9" y="9" width="11" height="11" rx="2" />
          <path d="M5 15V6a2 2 0 0 1 2-2h8" />
        </>
      )}
    </svg>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('payments');
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <div>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text fw={600}>{value}</Text>
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
              <CopyMark copied={copied} />
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
