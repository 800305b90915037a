import {
  adjustmentSettingsBodySchema,
  adminAdjustmentSettingsCall,
  adminSaveAdjustmentSettingsCall,
} from '@app/contract';
import { Alert, Card, Loader, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callAdmin } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { formatAmount } from '../../lib/format';
import { SaveBar } from './settings-page-frame';
import { useSettingsTexts } from './settings-texts';

const ADJUSTMENT_SETTINGS_QUERY_KEY = ['adjustment-settings'] as const;

type AdjustmentSettings = Awaited<ReturnType<typeof callAdmin<typeof adminAdjustmentSettingsCall>>>;

function LimitEditor({ settings }: { settings: AdjustmentSettings }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<number | string>(settings.secondApprovalAbove);
  const save = useMutation({
    mutationFn: (secondApprovalAbove: number) =>
      callAdmin(adminSaveAdjustmentSettingsCall, { body: { secondApprovalAbove } }),
    onSuccess: (saved) => queryClient.setQueryData(ADJUSTMENT_SETTINGS_QUERY_KEY, saved),
  });
  const parsed = adjustmentSettingsBodySchema.safeParse({
    secondApprovalAbove: typeof draft === 'number' ? draft : Number.NaN,
  });
  return (
    <Card withBorder padding="lg" maw={560}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('adjustments.explain')}
        </Text>
        <NumberInput
          label={t('adjustments.limit')}
          min={0}
          decimalScale={2}
          allowNegative={false}
          thousandSeparator=","
          value={draft}
          onChange={(value) => {
            save.reset();
            setDraft(value);
          }}
          data-testid="adjustment-limit"
        />
        <Text size="sm" data-testid="adjustment-limit-source">
          {settings.merchantOwn
            ? t('adjustments.own', { value: formatAmount(settings.secondApprovalAbove) })
            : t('adjustments.default', { value: formatAmount(settings.secondApprovalAbove) })}
        </Text>
        <SaveBar
          onSave={() => {
            if (parsed.success) save.mutate(parsed.data.secondApprovalAbove);
          }}
          pending={save.isPending}
          saved={save.isSuccess}
          error={save.error}
          problem={parsed.success ? null : t('adjustments.invalid')}
          testId="adjustment-limit-save"
          savedKey="adjustments.saved"
        />
      </Stack>
    </Card>
  );
}

/**
 * The two-person rule's limit (admin only): adjustments above it wait for a second operator.
 * Every save is audited (`settings.adjustments`, before and after).
 */
export default function AdjustmentLimitPage() {
  const { t } = useTranslation('settings');
  const textsLoaded = useSettingsTexts();
  const settings = useQuery({
    queryKey: ADJUSTMENT_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => callAdmin(adminAdjustmentSettingsCall, { signal }),
  });
  if (!textsLoaded) return <Loader />;
  return (
    <Stack gap="md" maw={1100}>
      <Title order={2}>{t('adjustments.title')}</Title>
      {settings.error && <Alert color="red">{errorText(t, settings.error)}</Alert>}
      {settings.data ? <LimitEditor settings={settings.data} /> : !settings.error && <Loader />}
    </Stack>
  );
}
